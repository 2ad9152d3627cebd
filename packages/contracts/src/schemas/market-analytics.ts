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

/** One file of a multipart POST /admin/prices/import and what the importer did with it. */
export const uploadedFileReportSchema = z.object({
  name: z.string(),
  /** The importer's name of the layout it read, e.g. eia-workbook, fred-date-value, generic-csv. */
  format: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** Values stored but flagged suspect for an administrator's review. */
  suspect: z.number().int(),
  /** Rejected rows with their line (row of the sheet for a workbook); line 0 is the whole file. */
  errors: z.array(z.object({ line: z.number().int(), detail: z.string() })),
  /** True when nothing of the file was written; `refusal_reason` says why. */
  refused: z.boolean(),
  refusal_reason: z.string().nullable(),
});
export type UploadedFileReport = z.infer<typeof uploadedFileReportSchema>;

export const multipartImportResponseSchema = z.object({ files: z.array(uploadedFileReportSchema) });
export type MultipartImportResponse = z.infer<typeof multipartImportResponseSchema>;

/** Files one multipart import takes at most. */
export const UPLOAD_MAX_FILES = 20;
