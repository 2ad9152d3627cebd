export const planCodes = ['starter', 'pro', 'enterprise', 'premium_enterprise'] as const;
export type PlanCode = (typeof planCodes)[number];

export type SupportTier = 'basic' | 'standard' | 'priority' | 'dedicated';

export interface Plan {
  code: PlanCode;
  reportsPerMonth: number;
  financialValidations: number;
  /** Days of validation history; 0 means none. Marked "coming soon" in the UI. */
  validationHistoryDays: number;
  support: SupportTier;
  volumeDiscountPacks: boolean;
}

/** DECISIONS.md "Plans and usage". */
export const plans: readonly Plan[] = [
  { code: 'starter', reportsPerMonth: 3, financialValidations: 1, validationHistoryDays: 0, support: 'basic', volumeDiscountPacks: false },
  { code: 'pro', reportsPerMonth: 5, financialValidations: 1, validationHistoryDays: 30, support: 'standard', volumeDiscountPacks: true },
  { code: 'enterprise', reportsPerMonth: 8, financialValidations: 2, validationHistoryDays: 30, support: 'priority', volumeDiscountPacks: true },
  { code: 'premium_enterprise', reportsPerMonth: 10, financialValidations: 5, validationHistoryDays: 30, support: 'dedicated', volumeDiscountPacks: true },
];

export function findPlan(code: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.code === code);
}

/** SPEC.md §3: split plan_code on underscore or hyphen and capitalise each word. */
export function planNameFromCode(code: string | null | undefined): string | null {
  if (!code) return null;
  const words = code.split(/[_-]+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}
