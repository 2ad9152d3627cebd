import {
  ACTIVATION_TTL_DAYS,
  BETA_LIABILITY_CAP_USD,
  CONFIDENTIALITY_TERM_YEARS,
  MASKING_AUDIT_RETENTION_YEARS,
  MINIMUM_AGE,
  OUTAGE_REFUND_MIN_HOURS,
  PENETRATION_TEST_MONTHS,
  PRIVACY_CHANGE_NOTICE_DAYS,
  REFUND_PROCESSING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
  SUPPORT_RESPONSE_HOURS,
  TERMINATION_CURE_DAYS,
  findPlan,
  type PlanCode,
} from '@fueldesk/contracts';

function reportsOf(code: PlanCode): number {
  return findPlan(code)?.reportsPerMonth ?? 0;
}

/**
 * The figures the legal texts quote (SPEC.md §9), taken from the contracts so that the pages, the
 * PDFs and the server can never disagree. Placeholders in the texts are `{{name}}`.
 */
export const legalValues: Readonly<Record<string, string | number>> = {
  refundWindowDays: REFUND_WINDOW_DAYS,
  refundBusinessDays: REFUND_PROCESSING_BUSINESS_DAYS,
  outageHours: OUTAGE_REFUND_MIN_HOURS,
  maskingRetentionYears: MASKING_AUDIT_RETENTION_YEARS,
  privacyNoticeDays: PRIVACY_CHANGE_NOTICE_DAYS,
  cureDays: TERMINATION_CURE_DAYS,
  betaLiabilityCap: `US$${BETA_LIABILITY_CAP_USD}`,
  minimumAge: MINIMUM_AGE,
  penTestMonths: PENETRATION_TEST_MONTHS,
  confidentialityYears: CONFIDENTIALITY_TERM_YEARS,
  supportHours: SUPPORT_RESPONSE_HOURS,
  activationDays: ACTIVATION_TTL_DAYS,
  starterReports: reportsOf('starter'),
  proReports: reportsOf('pro'),
  enterpriseReports: reportsOf('enterprise'),
  premiumReports: reportsOf('premium_enterprise'),
};

/** Replaces `{{name}}` placeholders; an unknown name is left visible so that a test catches it. */
export function fillLegalText(text: string, values: Readonly<Record<string, string | number>> = legalValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocumentText {
  title: string;
  summary: string;
  sections: LegalSection[];
}

export interface LegalContent {
  effectiveDate: string;
  documents: Record<LegalDocumentKey, LegalDocumentText>;
}

export type LegalDocumentKey =
  | 'privacy'
  | 'terms'
  | 'externalPolicies'
  | 'refundAndCancellation'
  | 'cookiePolicy'
  | 'compliance'
  | 'betaProgram'
  | 'aiDueDiligence'
  | 'marketDataMasking'
  | 'financialDataConnectivity'
  | 'confidentialityAgreement';
