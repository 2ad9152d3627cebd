import { z } from 'zod';
import { defineMessages } from '../messages';
import { NOTIFICATIONS_PAGE_MAX, watchingMessages } from './watching';

// Notifications kept by the server per user (DECISIONS.md "Watching", API.md "Watching").

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
