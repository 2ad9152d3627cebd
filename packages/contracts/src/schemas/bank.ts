import { z } from 'zod';
import { defineMessages } from '../messages';

/** SPEC.md §5 and §8 texts of the bank and sharing screens, word for word, plus the API's own. */
export const bankMessages = defineMessages('bank', {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'The email format is invalid',
  scopesRequired: 'Choose at least one scope to share.',
  scopeUnknown: 'Unknown scope. Use identity, balances, transactions or investments.',
  inviteFailed: 'Failed to send the invitation. Please try again.',
  connectFailed: 'Could not connect the account. Please try again.',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  publicTokenRequired: 'A public token is required.',
  duplicatePending: 'You already have a pending invitation to this address. Resend it instead.',
  selfInvite: 'You cannot invite yourself.',
  planLimit: 'Your plan’s financial validations for this month are used up.',
  notFound: 'Invitation not found.',
  notPending: 'Only a pending invitation can be answered or resent.',
  notActive: 'This invitation is no longer active.',
  consentNeedsBank: 'Connect a bank account before you consent.',
  consentNeedsIdentity: 'Complete identity verification before you consent.',
  sandboxOnly: 'The sandbox bank is not in use on this server.',
  noConnection: 'No bank account is connected.',
  webhookUnverified: 'The webhook signature could not be verified.',
  webhookNotJson: 'The webhook body is not JSON.',
});

/** SPEC.md §4: every status a verification may show; the final ones end the automatic refresh. */
export const identityVerificationStatuses = [
  'created',
  'in_progress',
  'needs_review',
  'approved',
  'completed',
  'success',
  'succeeded',
  'failed',
  'rejected',
] as const;
export type IdentityVerificationStatus = (typeof identityVerificationStatuses)[number];
export const finalIdentityVerificationStatuses: readonly IdentityVerificationStatus[] = [
  'approved',
  'completed',
  'success',
  'succeeded',
  'failed',
  'rejected',
];
export const successfulIdentityVerificationStatuses: readonly IdentityVerificationStatus[] = [
  'approved',
  'completed',
  'success',
  'succeeded',
];
export function isFinalVerificationStatus(status: string): boolean {
  return (finalIdentityVerificationStatuses as readonly string[]).includes(status);
}

/** The sandbox provider's simulated institutions (Plaid's own sandbox names). */
export const SANDBOX_INSTITUTIONS = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'First Gingham Credit Union' },
  { id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_109511', name: 'Tartan Bank' },
  { id: 'ins_109512', name: 'Houndstooth Bank' },
] as const;

export const bankProviderSchema = z.enum(['plaid', 'sandbox']);
export type BankProvider = z.infer<typeof bankProviderSchema>;

export const linkTokenResponseSchema = z.object({ provider: bankProviderSchema, link_token: z.string() });
export type LinkTokenResponse = z.infer<typeof linkTokenResponseSchema>;

export const sandboxPublicTokenBodySchema = z.object({
  institution_id: z.string().trim().max(64).optional(),
  username: z.string({ error: bankMessages.usernameRequired }).trim().min(1, { error: bankMessages.usernameRequired }).max(128),
  password: z.string({ error: bankMessages.passwordRequired }).min(1, { error: bankMessages.passwordRequired }).max(128),
});
export type SandboxPublicTokenBody = z.infer<typeof sandboxPublicTokenBodySchema>;
export const sandboxPublicTokenResponseSchema = z.object({ public_token: z.string() });

export const exchangeBodySchema = z.object({
  public_token: z.string({ error: bankMessages.publicTokenRequired }).trim().min(1, { error: bankMessages.publicTokenRequired }).max(512),
  /** Plaid: the link token Link was opened with (the server's link session, bound to the caller). */
  link_token: z.string().trim().min(1).max(512).optional(),
});
export type ExchangeBody = z.infer<typeof exchangeBodySchema>;

export const institutionSchema = z.object({ id: z.string(), name: z.string() });
export type Institution = z.infer<typeof institutionSchema>;

/** Money as decimal strings (ARCHITECTURE.md: never floats for amounts). */
export const balancesSchema = z.object({
  available: z.string().nullable(),
  current: z.string().nullable(),
  limit: z.string().nullable(),
  currency: z.string().nullable(),
});
export const bankAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  balances: balancesSchema,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const exchangeResponseSchema = z.object({
  item_id: z.string(),
  institution: institutionSchema,
  accounts: z.array(bankAccountSchema),
});
export type ExchangeResponse = z.infer<typeof exchangeResponseSchema>;

export const bankAccountsResponseSchema = z.object({
  accounts: z.array(bankAccountSchema.extend({ institution: institutionSchema })),
});
export type BankAccountsResponse = z.infer<typeof bankAccountsResponseSchema>;

export const identityVerificationSchema = z.object({
  id: z.string().nullable(),
  status: z.enum(identityVerificationStatuses).nullable(),
  failure_reasons: z.array(z.string()),
  /** While not final: the provider's page where the person completes the verification (Plaid); null in the sandbox. */
  verification_url: z.string().nullable(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;

export const webhookAckSchema = z.object({ ok: z.literal(true), duplicate: z.boolean() });

export type BankMessageKey = keyof typeof bankMessages;
