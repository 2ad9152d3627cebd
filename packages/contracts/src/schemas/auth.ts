import { z } from 'zod';
import { defineMessages } from '../messages';
import { LANGUAGES, REGISTRATION_PASSWORD_MIN, SET_PASSWORD_MIN } from '../constants';
import { roleSchema } from './enums';

/** SPEC.md §5 messages, word for word. The web shows them (and their Spanish side) as they are. */
export const authMessages = defineMessages('auth', {
  emailRequired: 'Email is required',
  emailInvalid: 'The email format is invalid',
  passwordRequired: 'Password is required',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptTerms: 'You must agree to the terms and conditions',
  acceptPrivacy: 'You must agree to the Privacy Policy',
  setPasswordMin: 'Password must be at least 6 characters',
  registrationPasswordMin: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordLowercase: 'Password must contain a lowercase letter',
  passwordDigit: 'Password must contain a number',
  passwordTooLong: 'Password must be at most 128 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tokenRequired: 'Token is required',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
});

/** What the server answers about signing in, sessions, mailed links and accounts (SPEC.md §8). */
export const authErrorMessages = defineMessages('authErrors', {
  userNotFound: 'User not found. Please check your email',
  invalidPassword: 'Incorrect password. Please try again.',
  emailNotVerified: 'Your email address needs to be verified before you can log in. Please check your inbox for a verification link.',
  accountInactive: 'This account is not active. Please contact the administrator.',
  accountInactiveShort: 'This account is not active.',
  activeSession: 'Active session on another device. Please wait 1 minute and try again.',
  sessionConcurrency: 'Your session was closed because another session is active.',
  sessionRevoked: 'Your session was closed by an administrator.',
  sessionPassword: 'Your session was closed because the password was changed.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  superadminOnly: 'Only a superadmin can change a superadmin account or its sessions.',
  superadminRights: 'Only a superadmin can change superadmin rights.',
  selfLockout: 'You cannot remove your own administrator access or deactivate yourself.',
  refreshInvalid: 'The session token is not valid. Please sign in again.',
  passwordNotSet: 'This account has no password yet. Use the link in your invitation email, or reset your password.',
  linkInvalid: 'This link is not valid.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  linkUsed: 'This link was already used.',
  emailTaken: 'An account with this email already exists.',
  emailAlreadyVerified: 'This email address is already verified. You can sign in.',
  userNotFoundShort: 'User not found.',
  sessionNotFound: 'Session not found.',
});

/** Long enough for any passphrase, short enough that hashing cannot be used to exhaust the CPU. */
export const PASSWORD_MAX = 128;

/**
 * The registration password rules (DECISIONS.md), one entry per rule so the sign-up form can show
 * them live; `key` is stable for i18n.
 */
export const registrationPasswordRules = [
  { key: 'length', message: authMessages.registrationPasswordMin, test: (value: string) => value.length >= REGISTRATION_PASSWORD_MIN },
  { key: 'uppercase', message: authMessages.passwordUppercase, test: (value: string) => /[A-Z]/.test(value) },
  { key: 'lowercase', message: authMessages.passwordLowercase, test: (value: string) => /[a-z]/.test(value) },
  { key: 'digit', message: authMessages.passwordDigit, test: (value: string) => /[0-9]/.test(value) },
] as const;
export type RegistrationPasswordRuleKey = (typeof registrationPasswordRules)[number]['key'];

/** Rules the value breaks, in display order; empty when the password is acceptable. */
export function findBrokenPasswordRules(value: string): RegistrationPasswordRuleKey[] {
  return registrationPasswordRules.filter((rule) => !rule.test(value)).map((rule) => rule.key);
}

export const accountEmailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid, abort: true })
  .pipe(z.email({ error: authMessages.emailInvalid }));

/** Sign-in password: only presence is checked (older accounts may predate today's rules). */
export const loginPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .max(PASSWORD_MAX, { error: authMessages.passwordTooLong });

/** Registration rule: ≥ 8 characters with an uppercase, a lowercase and a digit. */
export const registrationPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .max(PASSWORD_MAX, { error: authMessages.passwordTooLong, abort: true })
  .superRefine((value, context) => {
    const broken = registrationPasswordRules.find((rule) => !rule.test(value));
    if (broken) context.addIssue({ code: 'custom', message: broken.message });
  });

/** Set-password step (first time, activation, reset): ≥ 6 characters (SPEC.md §5). */
export const setPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(SET_PASSWORD_MIN, { error: authMessages.setPasswordMin, abort: true })
  .max(PASSWORD_MAX, { error: authMessages.passwordTooLong });

const personNameSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(100);

export const accountLanguageSchema = z.enum(LANGUAGES);

const acceptSchema = (message: string) => z.literal(true, { error: message });

/** The confirmation check shared by the forms that carry a `password_confirmation` field. */
function requireMatchingConfirmation(value: { password: string; password_confirmation?: string }, context: z.RefinementCtx) {
  if (value.password_confirmation === undefined) return;
  if (value.password_confirmation.length === 0) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.passwordConfirmationRequired });
  } else if (value.password_confirmation !== value.password) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.passwordsDoNotMatch });
  }
}

const passwordConfirmationSchema = z.string({ error: authMessages.passwordConfirmationRequired });

// ---------- Registration ----------

/** The sign-up fields, shared by the request body and the web form. */
const registerObject = z.object({
  email: accountEmailSchema,
  password: registrationPasswordSchema,
  password_confirmation: passwordConfirmationSchema.optional(),
  first_name: personNameSchema(authMessages.firstNameRequired),
  last_name: personNameSchema(authMessages.lastNameRequired),
  company: z.string().trim().max(200).nullish(),
  accept_terms: acceptSchema(authMessages.acceptTerms),
  accept_privacy: acceptSchema(authMessages.acceptPrivacy),
  language: accountLanguageSchema.optional(),
});

/**
 * POST /api/auth/register. `password_confirmation` is optional on the wire (the web form sends it);
 * when present it must match. `language` picks the language of the verification mail.
 */
export const registerBodySchema = registerObject.superRefine(requireMatchingConfirmation);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The sign-up form: same as the body, but the confirmation is required. */
export const registerFormSchema = registerObject.extend({ password_confirmation: passwordConfirmationSchema }).superRefine(requireMatchingConfirmation);
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const registerResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Always true: the account must be verified from the mailed link before sign-in. */
  verification_required: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

// ---------- Sign-in and tokens ----------

export const loginBodySchema = z.object({
  email: accountEmailSchema,
  password: loginPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * `access`: what the account may reach. `restricted` = a cliente who is not superadmin (bank
 * verification only, SPEC.md §2); `full` otherwise.
 */
export const userAccessSchema = z.enum(['full', 'restricted']);
export type UserAccess = z.infer<typeof userAccessSchema>;

/** SPEC.md §3 User, as kept in sessionStorage by the web. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  access: userAccessSchema,
  is_superadmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** GET /api/auth/me. */
export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: roleSchema,
  access: userAccessSchema,
  is_superadmin: z.boolean(),
  plan_code: z.string(),
  plan_name: z.string().nullable(),
  subscription_status: z.string(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  language: accountLanguageSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

// ---------- Email verification, password reset and set, activation ----------

const tokenFieldSchema = z.string({ error: authMessages.tokenRequired }).trim().min(1, { error: authMessages.tokenRequired }).max(512);

export const verifyEmailBodySchema = z.object({ token: tokenFieldSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const resendVerificationBodySchema = z.object({ email: accountEmailSchema });
export type ResendVerificationBody = z.infer<typeof resendVerificationBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: accountEmailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    token: tokenFieldSchema,
    password: setPasswordSchema,
    password_confirmation: passwordConfirmationSchema.optional(),
  })
  .superRefine(requireMatchingConfirmation);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/auth/password/reset/check: whether a reset link can still be used, spending nothing. */
export const resetTokenCheckBodySchema = z.object({ token: tokenFieldSchema });
export type ResetTokenCheckBody = z.infer<typeof resetTokenCheckBodySchema>;
/** The link is usable until `expires_at`; a used, expired or unknown link is a 400 saying which. */
export const resetTokenCheckSchema = z.object({ ok: z.literal(true), expires_at: z.string() });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckSchema>;

/**
 * POST /api/auth/password/set (signed in): the first password of an account that has none, or a
 * change. When the account already has a password, `current_password` is required and checked.
 */
export const setPasswordBodySchema = z
  .object({
    current_password: z.string().max(PASSWORD_MAX).optional(),
    password: setPasswordSchema,
    password_confirmation: passwordConfirmationSchema.optional(),
  })
  .superRefine(requireMatchingConfirmation);
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** The set-password forms (first time, reset, activation): confirmation required. */
export const setPasswordFormSchema = z
  .object({ password: setPasswordSchema, password_confirmation: passwordConfirmationSchema })
  .superRefine(requireMatchingConfirmation);
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

export const activationQuerySchema = z.object({ token: tokenFieldSchema });
export type ActivationQuery = z.infer<typeof activationQuerySchema>;
/** POST /api/auth/activation/details: the same lookup with the token in the body, out of URLs and logs. */
export const activationDetailsBodySchema = z.object({ token: tokenFieldSchema });
export type ActivationDetailsBody = z.infer<typeof activationDetailsBodySchema>;

/** GET /api/auth/activation?token: what the invitee is activating. */
export const activationDetailsSchema = z.object({
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: roleSchema,
  /** Name (or email) of the person who invited them, when known. */
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type ActivationDetails = z.infer<typeof activationDetailsSchema>;

export const activationBodySchema = z
  .object({
    token: tokenFieldSchema,
    password: setPasswordSchema,
    password_confirmation: passwordConfirmationSchema.optional(),
  })
  .superRefine(requireMatchingConfirmation);
export type ActivationBody = z.infer<typeof activationBodySchema>;
export const activationResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type ActivationResponse = z.infer<typeof activationResponseSchema>;
