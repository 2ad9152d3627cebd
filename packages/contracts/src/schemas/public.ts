import { z } from 'zod';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, SUBJECT_MAX, checkFreeText, emailSchema, formMessages, optionalPhoneSchema, optionalText, personNameSchema, requiredText } from './forms';
import { defineMessages } from '../messages';

/** What the public endpoints answer beyond the form rules. */
export const publicMessages = defineMessages('public', {
  noSuchDocument: 'No such document.',
  noPdf: 'No PDF file provided.',
});

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
