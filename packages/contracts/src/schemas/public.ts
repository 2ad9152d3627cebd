import { z } from 'zod';
import { LANGUAGES } from '../constants';

/**
 * Every message the public, support and release forms can show. SPEC.md §5's lead-form messages
 * are word for word; the web translates each entry by its key (never by parsing the text).
 */
export const formMessages = {
  required: 'This field is required.',
  emailRequired: 'Email is required',
  emailInvalid: 'The email format is invalid',
  tooLong: 'This text is too long.',
  noDigits: 'This field cannot contain numbers.',
  phoneLetters: 'Phone number cannot contain letters.',
  phoneInvalid: 'Please enter a valid phone number.',
  invalidCharacters: 'This field contains invalid characters.',
  selectOption: 'Please select an option.',
  selectAtLeastOne: 'Please select at least one option.',
  versionFormat: 'Use digits and dots only, for example 1.2.0.',
  sectionsRequired: 'Add at least one section with a title and items.',
  sectionTitleRequired: 'Each section needs a title.',
  sectionItemsRequired: 'Each section needs at least one item.',
  tooManyEntries: 'Too many entries.',
} as const;
export type FormMessageKey = keyof typeof formMessages;

/** The catalog key of a message produced by these schemas, or null for any other text. */
export function findFormMessageKey(message: string | null | undefined): FormMessageKey | null {
  if (!message) return null;
  const entry = Object.entries(formMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as FormMessageKey) : null;
}

export const PERSON_NAME_MAX = 80;
export const SHORT_TEXT_MAX = 160;
export const SUBJECT_MAX = 200;
export const LONG_TEXT_MAX = 5_000;
export const PHONE_MIN_DIGITS = 7;
/** E.164 allows at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;

// Letters of any script, combining marks, spaces, apostrophes, dots and hyphens ("María-José O'Neil Jr.").
const personNamePattern = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;
// Markup, template and shell metacharacters and control characters have no place in a company or job title.
const invalidTextPattern = /[<>{}[\]\\`|^~=$*]|\p{Cc}/u;
const phoneShapePattern = /^\+?[0-9 ().-]+$/;

/** SPEC.md §5: which lead-form rule a person name breaks, in the order the user should fix them. */
export function checkPersonName(value: string): FormMessageKey | null {
  if (/\p{N}/u.test(value)) return 'noDigits';
  if (!personNamePattern.test(value)) return 'invalidCharacters';
  return null;
}

/** SPEC.md §5: no letters, then a plausible international number (7 to 15 digits). */
export function checkPhone(value: string): FormMessageKey | null {
  if (/\p{L}/u.test(value)) return 'phoneLetters';
  if (!phoneShapePattern.test(value)) return 'phoneInvalid';
  const digits = value.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return 'phoneInvalid';
  if ((value.match(/\+/g) ?? []).length > 1) return 'phoneInvalid';
  return null;
}

export function checkFreeText(value: string): FormMessageKey | null {
  return invalidTextPattern.test(value) ? 'invalidCharacters' : null;
}

function requiredText(max: number, check?: (value: string) => FormMessageKey | null) {
  return z
    .string({ error: formMessages.required })
    .trim()
    .min(1, { error: formMessages.required, abort: true })
    .max(max, { error: formMessages.tooLong, abort: true })
    .superRefine((value, context) => {
      const broken = check?.(value);
      if (broken) context.addIssue({ code: 'custom', message: formMessages[broken] });
    });
}

/** An optional field: absent, null and blank all mean "not given" and come out as an empty string. */
function optionalText(max: number, check?: (value: string) => FormMessageKey | null) {
  return z
    .string({ error: formMessages.invalidCharacters })
    .trim()
    .max(max, { error: formMessages.tooLong, abort: true })
    .superRefine((value, context) => {
      const broken = value === '' ? null : check?.(value);
      if (broken) context.addIssue({ code: 'custom', message: formMessages[broken] });
    })
    .nullish()
    .transform((value) => value ?? '');
}

const emailSchema = z
  .string({ error: formMessages.emailRequired })
  .trim()
  .min(1, { error: formMessages.emailRequired, abort: true })
  .max(254, { error: formMessages.emailInvalid, abort: true })
  .pipe(z.email({ error: formMessages.emailInvalid }));

export const personNameSchema = requiredText(PERSON_NAME_MAX, checkPersonName);
export const optionalPhoneSchema = optionalText(32, checkPhone);

// ---------------------------------------------------------------------------------------------
// Contact form (SPEC.md §3): name, email, subject and question required.

export const createContactMessageBodySchema = z.object({
  name: personNameSchema,
  phone: optionalPhoneSchema,
  email: emailSchema,
  company: optionalText(SHORT_TEXT_MAX, checkFreeText),
  subject: requiredText(SUBJECT_MAX, checkFreeText),
  question: requiredText(LONG_TEXT_MAX),
});
export type CreateContactMessageBody = z.input<typeof createContactMessageBodySchema>;
export type ContactMessageInput = z.output<typeof createContactMessageBodySchema>;

/** What the public forms answer: the stored message's id and when it was received. */
export const formReceiptSchema = z.object({
  id: z.string(),
  received_at: z.string(),
});
export type FormReceipt = z.infer<typeof formReceiptSchema>;

// ---------------------------------------------------------------------------------------------
// Sales/lead form (SPEC.md §3 and §5).

/** The four subscription interests of SPEC.md §3, as stable keys (labels are translated). */
export const subscriptionInterests = [
  'crude_reports_prices',
  'technical_reservoir_analysis',
  'regulatory_updates',
  'global_production_demand',
] as const;
export type SubscriptionInterest = (typeof subscriptionInterests)[number];

export const employeeRanges = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;
export type EmployeeRange = (typeof employeeRanges)[number];

export const leadIndustries = [
  'fuel_distribution',
  'fuel_trading',
  'refining',
  'retail_stations',
  'transport_logistics',
  'energy_utilities',
  'finance_investment',
  'other',
] as const;
export type LeadIndustry = (typeof leadIndustries)[number];

export const geographicRegions = [
  'north_america',
  'central_america_caribbean',
  'south_america',
  'europe',
  'middle_east',
  'africa',
  'asia_pacific',
] as const;
export type GeographicRegion = (typeof geographicRegions)[number];

export const operationalScales = ['local', 'regional', 'national', 'international'] as const;
export type OperationalScale = (typeof operationalScales)[number];

/** A select that the form leaves blank until the user chooses: blank is "not given". */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.literal(''), z.enum(values, { error: formMessages.selectOption })], { error: formMessages.selectOption })
    .nullish()
    .transform((value) => (value ? value : null));
}

function multiChoice<const T extends readonly [string, ...string[]]>(values: T, min: number) {
  return z
    .array(z.enum(values, { error: formMessages.selectOption }), { error: formMessages.selectOption })
    .max(values.length, { error: formMessages.tooManyEntries })
    .refine((list) => list.length >= min, { error: formMessages.selectAtLeastOne })
    .transform((list) => [...new Set(list)]);
}

export const createLeadBodySchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: emailSchema,
  phone: optionalPhoneSchema,
  company: requiredText(SHORT_TEXT_MAX, checkFreeText),
  job_title: optionalText(SHORT_TEXT_MAX, checkFreeText),
  employees: optionalChoice(employeeRanges),
  industry: optionalChoice(leadIndustries),
  interests: multiChoice(subscriptionInterests, 1),
  regions: multiChoice(geographicRegions, 0).default([]),
  operational_scale: optionalChoice(operationalScales),
  message: optionalText(LONG_TEXT_MAX),
});
export type CreateLeadBody = z.input<typeof createLeadBodySchema>;
export type LeadInput = z.output<typeof createLeadBodySchema>;

// ---------------------------------------------------------------------------------------------
// Support messages (signed-in users).

export const supportMessageTypes = ['question', 'complaint', 'request', 'feedback'] as const;
export type SupportMessageType = (typeof supportMessageTypes)[number];

export const createSupportMessageBodySchema = z.object({
  type: z.enum(supportMessageTypes, { error: formMessages.selectOption }),
  subject: requiredText(SUBJECT_MAX, checkFreeText),
  message: requiredText(LONG_TEXT_MAX),
});
export type CreateSupportMessageBody = z.input<typeof createSupportMessageBodySchema>;
export type SupportMessageInput = z.output<typeof createSupportMessageBodySchema>;

export const supportMessageSchema = z.object({
  id: z.string(),
  type: z.enum(supportMessageTypes),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportMessageListSchema = z.array(supportMessageSchema);

// ---------------------------------------------------------------------------------------------
// Releases (SPEC.md §2, §5): at least one section with a title and items; version digits and dots.

export const releaseTypes = ['major', 'minor', 'patch'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

export const RELEASE_SECTIONS_MAX = 20;
export const RELEASE_ITEMS_MAX = 50;
export const releaseVersionPattern = /^\d+(\.\d+)*$/;

export const releaseSectionSchema = z.object({
  title: z
    .string({ error: formMessages.sectionTitleRequired })
    .trim()
    .min(1, { error: formMessages.sectionTitleRequired, abort: true })
    .max(SHORT_TEXT_MAX, { error: formMessages.tooLong }),
  items: z
    .array(z.string({ error: formMessages.required }).trim().max(500, { error: formMessages.tooLong }), {
      error: formMessages.sectionItemsRequired,
    })
    .transform((items) => items.filter((item) => item !== ''))
    .pipe(
      z
        .array(z.string())
        .min(1, { error: formMessages.sectionItemsRequired })
        .max(RELEASE_ITEMS_MAX, { error: formMessages.tooManyEntries }),
    ),
});
export type ReleaseSection = z.output<typeof releaseSectionSchema>;

export const createReleaseBodySchema = z.object({
  title: requiredText(SHORT_TEXT_MAX),
  version: z
    .string({ error: formMessages.required })
    .trim()
    .min(1, { error: formMessages.required, abort: true })
    .max(32, { error: formMessages.tooLong, abort: true })
    .regex(releaseVersionPattern, { error: formMessages.versionFormat }),
  type: z.enum(releaseTypes, { error: formMessages.selectOption }),
  description: requiredText(1_000),
  sections: z
    .array(releaseSectionSchema, { error: formMessages.sectionsRequired })
    .min(1, { error: formMessages.sectionsRequired })
    .max(RELEASE_SECTIONS_MAX, { error: formMessages.tooManyEntries }),
});
export type CreateReleaseBody = z.input<typeof createReleaseBodySchema>;
export type ReleaseInput = z.output<typeof createReleaseBodySchema>;

export const releaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  type: z.enum(releaseTypes),
  description: z.string(),
  sections: z.array(z.object({ title: z.string(), items: z.array(z.string()) })),
  released_at: z.string(),
  /** Language of title, description and sections: the caller's (Accept-Language) when the release has it, else English. */
  language: z.enum(LANGUAGES).optional(),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.array(releaseSchema);

// ---------------------------------------------------------------------------------------------
// Legal documents served as PDF files (DECISIONS.md "Legal").

/** The documents that exist as PDF files, each in English and Spanish. */
export const legalPdfDocuments = ['terms', 'confidentiality-agreement'] as const;
export type LegalPdfDocument = (typeof legalPdfDocuments)[number];

/** File names of the PDFs, e.g. `terms-es.pdf`; the web serves them under /legal/ and the API under /api/legal/. */
export const legalPdfFiles = legalPdfDocuments.flatMap((document) => [`${document}-en.pdf`, `${document}-es.pdf`] as const);
export const legalPdfFileSchema = z.object({ file: z.enum(legalPdfFiles as [string, ...string[]]) });

export function legalPdfFileName(document: LegalPdfDocument, language: string): string {
  return `${document}-${language === 'es' ? 'es' : 'en'}.pdf`;
}
