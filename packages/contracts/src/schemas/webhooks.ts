import { z } from 'zod';
import { webhookEvents, watchingMessages } from './watching';

// The user's webhooks and their deliveries (API.md "Watching").

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
