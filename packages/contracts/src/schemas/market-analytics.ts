import { z } from 'zod';
import { isoDateSchema, productCodeSchema } from './prices';

/** GET /prices/curve: a futures product's forward curve on a date (the latest date with one by default). */
export const priceCurveQuerySchema = z.object({
  code: productCodeSchema,
  date: isoDateSchema.optional(),
});
export type PriceCurveQuery = z.infer<typeof priceCurveQuerySchema>;

export const curvePointSchema = z.object({
  /** 1 for the front month, then 2, 3, 4. */
  contract: z.number().int(),
  /** `C1`…`C4`. */
  forward_period: z.string(),
  /** Decimal string, exact as stored. */
  value: z.string(),
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

/** contango: every later contract dearer; backwardation: every later one cheaper; mixed or flat otherwise. */
export const curveShapes = ['contango', 'backwardation', 'flat', 'mixed'] as const;
export type CurveShape = (typeof curveShapes)[number];

export const comparedCurveSchema = z.object({
  date: z.string(),
  shape: z.enum(curveShapes),
  points: z.array(curvePointSchema),
});
export type ComparedCurve = z.infer<typeof comparedCurveSchema>;

export const priceCurveResponseSchema = z.object({
  code: z.string(),
  date: z.string(),
  unit: z.string(),
  currency: z.string(),
  points: z.array(curvePointSchema),
  shape: z.enum(curveShapes),
  decimal_places: z.number().int(),
  is_demo: z.boolean(),
  /** The latest date this product has a curve (EIA stopped publishing after 2024-04-05). */
  latest_date: z.string(),
  /** The curves nearest to (on or before) one week and one month earlier, for comparison. */
  week_earlier: comparedCurveSchema.nullable(),
  month_earlier: comparedCurveSchema.nullable(),
});
export type PriceCurveResponse = z.infer<typeof priceCurveResponseSchema>;
