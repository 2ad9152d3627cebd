import { z } from 'zod';
import { defineMessages } from '../messages';
import { planCodes } from '../plans';
import { matchDecisionSchema } from './decision-match';
import { dueReportStatuses } from './due-diligence-status';

export * from './due-diligence-status';

/**
 * Every message the due-diligence form can show. SPEC.md §5's texts are word for word
 * ('Enter a contact or owner.', 'Invalid email.', 'Numbers only.', the payload message); the
 * others say the rule SPEC.md names. The web translates each by its key, never by parsing it.
 */
export const dueMessages = defineMessages('due', {
  businessRequired: 'Enter a business name or DBA.',
  contactRequired: 'Enter a contact or owner.',
  emailInvalid: 'Invalid email.',
  numbersOnly: 'Numbers only.',
  routingLength: 'The routing number must have 9 digits.',
  taxIdLength: 'The federal tax ID must have 9 digits.',
  consentRequired: 'Please confirm your consent.',
  payloadNotObject: 'Due Diligence payload must be provided from the form.',
  tooLong: 'This text is too long.',
  invalidChoice: 'Please select an option.',
});
/** What the due-diligence endpoints answer beyond the form rules. */
export const dueErrorMessages = defineMessages('dueErrors', {
  planLimit: 'You have used the {{limit}} due diligence reports of your plan this month. Upgrade your plan to create more.',
  notFound: 'Report not found.',
  notReady: 'The report is not ready yet.',
  noListChanged: 'No sanctions list changed since this report was screened: a re-run would find the same.',
  newerVersion: 'A newer version of this report exists: re-run that one.',
});
export type DueMessageKey = keyof typeof dueMessages;


export const DUE_TEXT_MAX = 200;
export const DUE_DESCRIPTION_MAX = 2_000;

export const dueBusinessTypes = ['corporation', 'llc', 'partnership', 'sole_proprietor'] as const;
export type DueBusinessType = (typeof dueBusinessTypes)[number];

/** API.md's form keys, in SPEC.md §3's sections (the web renders them in this order). */
export const dueFormSections = {
  contact: ['business_name', 'contact_name', 'email', 'country', 'phone', 'street', 'city', 'state_zip'],
  business: ['business_type', 'state_of_incorporation', 'years_in_business', 'legal_business_name', 'federal_tax_id', 'emails'],
  ownership: ['owner_name', 'owner_address', 'owner_phone'],
  banking: ['bank_name', 'bank_contact', 'bank_branch', 'bank_address', 'bank_phone_fax', 'routing_number', 'account_number', 'authorized_signer'],
  ust: [
    'ust_facility_number',
    'ust_count',
    'ust_total_capacity_gallons',
    'ust_avg_monthly_usage_gallons',
    'ust_tank_ownership',
    'ust_product_types',
    'require_po',
    'voided_check',
  ],
  authorization: ['consent', 'signature', 'signer_title', 'printed_name', 'signed_date', 'buyer_name', 'guarantor_signature', 'guarantor_address'],
} as const;
export type DueFormSection = keyof typeof dueFormSections;

/** Form keys that hold yes/no answers; every other key holds text. */
export const dueBooleanFields = ['require_po', 'voided_check', 'consent'] as const;
/** Form keys that accept digits only (SPEC.md §5 'Numbers only.'). */
export const dueNumericFields = ['years_in_business', 'ust_count', 'ust_total_capacity_gallons', 'ust_avg_monthly_usage_gallons', 'account_number'] as const;

type TextKey = Exclude<(typeof dueFormSections)[DueFormSection][number], (typeof dueBooleanFields)[number] | 'business_type'>;

const text = (max = DUE_TEXT_MAX) =>
  z
    .string({ error: dueMessages.tooLong })
    .trim()
    .max(max, { error: dueMessages.tooLong })
    .nullish()
    .transform((value) => value ?? '');

// Forms send checkboxes as booleans; a query-string style "true"/"on" is accepted too.
const yesNo = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'yes', 'no', ''])])
  .nullish()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === 'yes');

const textShape = Object.fromEntries(
  Object.values(dueFormSections)
    .flat()
    .filter((key) => !(dueBooleanFields as readonly string[]).includes(key) && key !== 'business_type')
    .map((key) => [key, text()]),
) as Record<TextKey, ReturnType<typeof text>>;

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');
const simpleEmail = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]{2,}$/;

/** Checks SPEC.md §5's rules on a parsed form; also used as the web form's resolver. */
function checkDueForm(form: Record<string, unknown>, context: z.RefinementCtx) {
  const add = (key: string, message: string) => context.addIssue({ code: 'custom', path: [key], message });
  const value = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  if (!value('business_name')) add('business_name', dueMessages.businessRequired);
  if (!value('contact_name') && !value('owner_name')) add('contact_name', dueMessages.contactRequired);
  if (value('email') && !simpleEmail.test(value('email'))) add('email', dueMessages.emailInvalid);
  const extraEmails = value('emails').split(',').map((item) => item.trim()).filter(Boolean);
  if (extraEmails.some((item) => !simpleEmail.test(item))) add('emails', dueMessages.emailInvalid);
  for (const key of dueNumericFields) if (value(key) && !/^\d+$/.test(value(key).replace(/[,\s]/g, ''))) add(key, dueMessages.numbersOnly);
  const routing = digitsOf(value('routing_number'));
  if (routing && !/^\d+$/.test(routing)) add('routing_number', dueMessages.numbersOnly);
  else if (routing && routing.length !== 9) add('routing_number', dueMessages.routingLength);
  const taxId = digitsOf(value('federal_tax_id'));
  if (taxId && !/^\d+$/.test(taxId)) add('federal_tax_id', dueMessages.numbersOnly);
  else if (taxId && taxId.length !== 9) add('federal_tax_id', dueMessages.taxIdLength);
  if (form.consent !== true) add('consent', dueMessages.consentRequired);
}

/** The whole form (API.md's keys in `extra`). Unknown keys are dropped. */
export const dueFormSchema = z
  .object({
    ...textShape,
    business_type: z
      .enum([...dueBusinessTypes, ''], { error: dueMessages.invalidChoice })
      .nullish()
      .transform((value) => value || ''),
    require_po: yesNo,
    voided_check: yesNo,
    consent: yesNo,
  })
  .superRefine(checkDueForm);
export type DueFormInput = z.input<typeof dueFormSchema>;
export type DueForm = z.output<typeof dueFormSchema>;

/** POST /due/create (SPEC.md §3): description, contact_name, extra (the whole form object). */
export const createDueReportBodySchema = z.object({
  description: text(DUE_DESCRIPTION_MAX),
  contact_name: text(),
  extra: z.unknown().superRefine((value, context) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      context.addIssue({ code: 'custom', message: dueMessages.payloadNotObject });
    }
  }).pipe(dueFormSchema),
});
export type CreateDueReportBody = z.input<typeof createDueReportBodySchema>;

export const dueRiskRatings = ['low', 'medium', 'high', 'critical', 'incomplete'] as const;
export type DueRiskRating = (typeof dueRiskRatings)[number];

export const dueScreeningMatchSchema = z.object({
  entity_id: z.string(),
  source: z.string(),
  name: z.string(),
  matched_name: z.string(),
  score: z.number(),
  programs: z.array(z.string()),
  explanation: z.string(),
  /** The decision that applies to this match, when one does; a cleared match no longer raises the rating. */
  decision: matchDecisionSchema.optional(),
});
export type DueScreeningMatch = z.infer<typeof dueScreeningMatchSchema>;

/** API.md's `findings`, plus the narrative (and whether a model wrote it). */
export const dueFindingsSchema = z.object({
  lists: z.array(
    z.object({
      source: z.string(),
      published_at: z.string().nullable(),
      entries: z.number(),
      /** The list version screened against (absent in reports made before versions had ids). */
      version_id: z.string().optional(),
      /** Published more than SCREENING_STALE_DAYS before the report, or undated (absent in older reports). */
      stale: z.boolean().optional(),
    }),
  ),
  screening: z.array(z.object({ field: z.string(), name: z.string(), matches: z.array(dueScreeningMatchSchema) })),
  routing_number: z.object({ valid: z.boolean().nullable(), reason: z.string() }),
  federal_tax_id: z.object({ valid: z.boolean().nullable(), reason: z.string() }),
  contact: z.object({
    email_valid: z.boolean().nullable(),
    free_mail: z.boolean().nullable(),
    disposable: z.boolean().nullable(),
    phone_valid: z.boolean().nullable(),
    phone_country: z.string().nullable(),
  }),
  ust: z.object({ plausible: z.boolean().nullable(), notes: z.array(z.string()) }),
  missing: z.array(z.string()),
  /** Articles of FuelDesk's own news store that mention a screened name (no sanctions list covers them), newest first. */
  adverse_media: z.array(
    z.object({
      field: z.string(),
      name: z.string(),
      articles: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string(), source_name: z.string(), url: z.string(), published_at: z.string() })),
    }),
  ),
  risk: z.object({ rating: z.enum(dueRiskRatings), reasons: z.array(z.string()) }),
  narrative: z.object({ text: z.string().nullable(), source: z.enum(['model', 'none']), note: z.string() }),
});
export type DueFindings = z.infer<typeof dueFindingsSchema>;

export const dueReportListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(dueReportStatuses),
  rating: z.enum(dueRiskRatings).nullable(),
  content: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DueReportListItem = z.infer<typeof dueReportListItemSchema>;
export const dueReportListSchema = z.array(dueReportListItemSchema);

/** An earlier rating of a report, replaced when a decision on one of its matches became final. */
export const dueRatingHistoryEntrySchema = z.object({ rating: z.enum(dueRiskRatings), at: z.string(), reason: z.string() });
export type DueRatingHistoryEntry = z.infer<typeof dueRatingHistoryEntrySchema>;

const dueMatchRefSchema = z.object({ field: z.string(), name: z.string(), entity_id: z.string(), matched_name: z.string(), score: z.number() });
/** What a re-run changed against the previous version: matches that appeared or went, and the list versions. */
export const dueReportChangesSchema = z.object({
  new_matches: z.array(dueMatchRefSchema),
  cleared_matches: z.array(dueMatchRefSchema),
  lists: z.array(z.object({ source: z.string(), previous_version_id: z.string().nullable(), version_id: z.string().nullable() })),
});
export type DueReportChanges = z.infer<typeof dueReportChangesSchema>;

export const dueReportSchema = dueReportListItemSchema.extend({
  description: z.string(),
  content: z.string(),
  findings: dueFindingsSchema.nullable(),
  failure_reason: z.string().nullable(),
  /** 1 for a new report; a re-run is the previous version + 1 (`previous_id`). */
  version: z.number().int(),
  previous_id: z.string().nullable(),
  engine_version: z.string().nullable(),
  threshold: z.number().nullable(),
  rating_history: z.array(dueRatingHistoryEntrySchema),
  /** Set on a re-run once ready: what changed since the previous version. */
  changes: dueReportChangesSchema.nullable(),
});
export type DueReport = z.infer<typeof dueReportSchema>;

const queryInt = (max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number({ error: `Use a whole number from 0 to ${max}.` }).int({ error: `Use a whole number from 0 to ${max}.` }).min(0, { error: `Use a whole number from 0 to ${max}.` }).max(max, { error: `Use a whole number from 0 to ${max}.` }).default(fallback),
  );

export const listDueReportsQuerySchema = z.object({
  limit: queryInt(100, 100),
  offset: queryInt(1_000_000, 0),
  ts: z.string().optional(),
});
export type ListDueReportsQuery = z.output<typeof listDueReportsQuerySchema>;

export const dueReportParamsSchema = z.object({ id: z.uuid({ error: 'Not a report id.' }) });
export const dueTsQuerySchema = z.object({ ts: z.string().optional() });

export const dueUsageSchema = z.object({
  plan_code: z.enum(planCodes),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
});
export type DueUsage = z.infer<typeof dueUsageSchema>;

export const dueReportReadyEventSchema = z.object({ id: z.string(), title: z.string(), status: z.enum(dueReportStatuses) });
export type DueReportReadyEvent = z.infer<typeof dueReportReadyEventSchema>;
