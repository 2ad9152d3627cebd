import { z } from 'zod';
import { defineMessages } from '../messages';
import { productCodeSchema } from './prices';

// Watching: notifications kept by the server and price alerts (DECISIONS.md "Watching", API.md "Watching").

/** Alerts a user may keep (DECISIONS.md: 50 per user, every plan). */
export const PRICE_ALERT_LIMIT = 50;
/** Notifications one GET /notifications returns at most. */
export const NOTIFICATIONS_PAGE_MAX = 100;
/** Webhooks a user may register. */
export const WEBHOOK_LIMIT = 10;
/** The notification kinds a webhook may subscribe to (API.md "Watching"). */
export const webhookEvents = ['price_alert', 'watch_match', 'watch_clear'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Messages of the watching endpoints (Spanish in messages-es.ts). */
export const watchingMessages = defineMessages('watching', {
  badDateTime: 'Use a date and time written as ISO 8601, e.g. 2026-01-31T08:00:00Z.',
  wholeNumber: 'Use a whole number.',
  limitRange: `Use a number from 1 to ${NOTIFICATIONS_PAGE_MAX}.`,
  badNotificationId: 'Not a notification id.',
  enterNumber: 'Enter a number.',
  numberFormat: 'Enter a number with at most 6 decimals.',
  badChannel: 'Choose panel, email or webhook.',
  channelRequired: 'Choose at least one channel.',
  badCondition: 'Choose above, below or change_pct.',
  pctRange: 'A change is a percentage above 0 and at most 1000.',
  trueOrFalse: 'Use true or false.',
  changeSomething: 'Change at least one field.',
  badAlertId: 'Not an alert id.',
  unknownProduct: 'There is no product with this code.',
  alertNotFound: 'This alert does not exist.',
  alertLimit: `You can keep at most ${PRICE_ALERT_LIMIT} price alerts. Delete one to add another.`,
  badUrl: 'Enter the full address of your endpoint, starting with https://.',
  urlTooLong: 'An address has at most 2000 characters.',
  plainHttp: 'Use https://. Plain http:// is allowed only to a private address on servers set up for it.',
  privateAddress: 'This address is private or local: webhooks go to public HTTPS endpoints only.',
  eventsRequired: 'Choose at least one event.',
  badEvent: 'Choose events from the list.',
  webhookLimit: `You can register at most ${WEBHOOK_LIMIT} webhooks.`,
  webhookNotFound: 'This webhook does not exist.',
  badWebhookId: 'Not a webhook id.',
});

/** What a notification says, by kind; the server renders it in the reader's language from its parameters. */
export const notificationMessages = defineMessages('notifications', {
  priceAbove: '{{product_name}} rose to or above {{level}}: {{value}} {{units}} on {{publication_date}}{{change}}.',
  priceBelow: '{{product_name}} fell to or below {{level}}: {{value}} {{units}} on {{publication_date}}{{change}}.',
  priceChange: '{{product_name}} moved more than {{level}} % in a day: {{value}} {{units}} on {{publication_date}}{{change}}.',
  watchMatch: '{{name}} now matches {{matched_name}} on {{list_name}}.',
  watchClear: '{{name}} no longer matches {{matched_name}} on {{list_name}}.',
  reportReady: 'Your due-diligence report "{{title}}" is ready.',
  invitation: '{{email}} answered your data-sharing invitation: {{status}}.',
  listStale: 'The sanctions list {{list_name}} is out of date (published {{published_at}}).',
  unknownDate: 'on an unknown date',
  subjectPriceAlert: 'FuelDesk price alert',
  subjectWatchMatch: 'FuelDesk watchlist: new match',
  subjectWatchClear: 'FuelDesk watchlist: match cleared',
  subjectReportReady: 'FuelDesk: report ready',
  subjectInvitation: 'FuelDesk: invitation answered',
  subjectListStale: 'FuelDesk: sanctions list out of date',
  subjectWebhookDisabled: 'FuelDesk: webhook disabled',
  webhookDisabled: 'Your webhook {{url}} has failed for a day and was disabled. Check the endpoint and register it again.',
  mailAction: 'Open in FuelDesk',
  mailFooter: 'You get this mail because you set up this notice. You can turn mail off in your profile (communication preferences).',
});

export const notificationKinds = ['price_alert', 'watch_match', 'watch_clear', 'report_ready', 'invitation', 'list_stale'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  /** In the caller's language (Accept-Language), rendered from the notification's parameters. */
  text: z.string(),
  /** A path inside the web app, e.g. `/marketprice/alerts`. */
  url: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type ServerNotification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: watchingMessages.badDateTime }).optional(),
  limit: z.coerce
    .number({ error: watchingMessages.wholeNumber })
    .int({ error: watchingMessages.wholeNumber })
    .min(1, { error: watchingMessages.limitRange })
    .max(NOTIFICATIONS_PAGE_MAX, { error: watchingMessages.limitRange })
    .default(50),
});
export type ListNotificationsQuery = z.output<typeof listNotificationsQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markNotificationsReadBodySchema = z.union([
  z.object({ ids: z.array(z.uuid({ error: watchingMessages.badNotificationId })).min(1).max(NOTIFICATIONS_PAGE_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const markNotificationsReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

export const priceAlertConditions = ['above', 'below', 'change_pct'] as const;
export type PriceAlertCondition = (typeof priceAlertConditions)[number];
export const alertChannels = ['panel', 'email', 'webhook'] as const;
export type AlertChannel = (typeof alertChannels)[number];

/** A level or a percentage, as a decimal string or a number: kept exact as text on the server. */
const alertValueSchema = z
  .union([z.number(), z.string().trim()], { error: watchingMessages.enterNumber })
  .transform((value) => String(value))
  .refine((value) => /^-?\d{1,9}(\.\d{1,6})?$/.test(value), { error: watchingMessages.numberFormat });

const channelsSchema = z
  .array(z.enum(alertChannels, { error: watchingMessages.badChannel }))
  .min(1, { error: watchingMessages.channelRequired })
  .transform((channels) => [...new Set(channels)]);

export const createPriceAlertBodySchema = z
  .object({
    product_code: productCodeSchema,
    condition: z.enum(priceAlertConditions, { error: watchingMessages.badCondition }),
    value: alertValueSchema,
    channels: channelsSchema.default(['panel']),
  })
  .refine((body) => body.condition !== 'change_pct' || (Number(body.value) > 0 && Number(body.value) <= 1000), {
    error: watchingMessages.pctRange,
    path: ['value'],
  });
export type CreatePriceAlertBody = z.input<typeof createPriceAlertBodySchema>;
export type CreatePriceAlertInput = z.output<typeof createPriceAlertBodySchema>;

export const updatePriceAlertBodySchema = z
  .object({
    value: alertValueSchema.optional(),
    condition: z.enum(priceAlertConditions, { error: watchingMessages.badCondition }).optional(),
    active: z.boolean({ error: watchingMessages.trueOrFalse }).optional(),
    channels: channelsSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: watchingMessages.changeSomething });
export type UpdatePriceAlertBody = z.input<typeof updatePriceAlertBodySchema>;
export type UpdatePriceAlertInput = z.output<typeof updatePriceAlertBodySchema>;

export const priceAlertSchema = z.object({
  id: z.string(),
  product_code: z.string(),
  condition: z.enum(priceAlertConditions),
  value: z.string(),
  channels: z.array(z.enum(alertChannels)),
  active: z.boolean(),
  created_at: z.string(),
  last_fired_at: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertListSchema = z.object({ items: z.array(priceAlertSchema) });

export const priceAlertEventSchema = z.object({
  at: z.string(),
  publication_date: z.string(),
  value: z.string(),
  previous_value: z.string().nullable(),
  change_pct: z.string().nullable(),
});
export type PriceAlertEvent = z.infer<typeof priceAlertEventSchema>;
export const priceAlertEventListSchema = z.object({ items: z.array(priceAlertEventSchema) });

export const alertIdParamsSchema = z.object({ id: z.uuid({ error: watchingMessages.badAlertId }) });

export const createWebhookBodySchema = z
  .object({
    url: z
      .string({ error: watchingMessages.badUrl })
      .trim()
      .min(1, { error: watchingMessages.badUrl })
      .max(2000, { error: watchingMessages.urlTooLong })
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: watchingMessages.badUrl }),
    events: z
      .array(z.enum(webhookEvents, { error: watchingMessages.badEvent }), { error: watchingMessages.eventsRequired })
      .min(1, { error: watchingMessages.eventsRequired })
      .transform((events) => [...new Set(events)]),
  })
  .strict();
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;
export type CreateWebhookInput = z.output<typeof createWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  active: z.boolean(),
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
/** The answer to POST /webhooks: the signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  at: z.string(),
  status: z.enum(['pending', 'sending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export const webhookIdParamsSchema = z.object({ id: z.uuid({ error: watchingMessages.badWebhookId }) });
