import { z } from 'zod';
import { productCodeSchema } from './prices';
import { watchingMessages } from './watching';

// Price alerts (DECISIONS.md "Watching", API.md "Watching").

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
