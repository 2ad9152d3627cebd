import { defineMessages } from '../messages';

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
