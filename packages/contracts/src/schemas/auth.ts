import { z } from 'zod';
import { LANGUAGES, REGISTRATION_PASSWORD_MIN, SET_PASSWORD_MIN } from '../constants';
import { planCodeSchema, roleSchema } from './enums';

/** SPEC.md §5 messages, word for word. The web shows them (and their Spanish side) as they are. */
export const authMessages = {
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
} as const;

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

/**
 * POST /api/auth/register. `password_confirmation` is optional on the wire (the web form sends it);
 * when present it must match. `language` picks the language of the verification mail.
 */
export const registerBodySchema = z
  .object({
    email: accountEmailSchema,
    password: registrationPasswordSchema,
    password_confirmation: passwordConfirmationSchema.optional(),
    first_name: personNameSchema(authMessages.firstNameRequired),
    last_name: personNameSchema(authMessages.lastNameRequired),
    company: z.string().trim().max(200).nullish(),
    accept_terms: acceptSchema(authMessages.acceptTerms),
    accept_privacy: acceptSchema(authMessages.acceptPrivacy),
    language: accountLanguageSchema.optional(),
  })
  .superRefine(requireMatchingConfirmation);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The sign-up form: same as the body, but the confirmation is required. */
export const registerFormSchema = z
  .object({
    email: accountEmailSchema,
    password: registrationPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
    first_name: personNameSchema(authMessages.firstNameRequired),
    last_name: personNameSchema(authMessages.lastNameRequired),
    company: z.string().trim().max(200).nullish(),
    accept_terms: acceptSchema(authMessages.acceptTerms),
    accept_privacy: acceptSchema(authMessages.acceptPrivacy),
    language: accountLanguageSchema.optional(),
  })
  .superRefine(requireMatchingConfirmation);
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

export const refreshBodySchema = z.object({
  refresh_token: z.string({ error: authMessages.tokenRequired }).min(1, { error: authMessages.tokenRequired }).max(512),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;
export const refreshResponseSchema = tokenPairSchema;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/ping: the refresh token, or an empty body with a bearer token. */
export const pingBodySchema = z
  .object({ refresh_token: z.string().max(512).optional() })
  .nullish();
export type PingBody = z.infer<typeof pingBodySchema>;
export const pingResponseSchema = z.object({
  ok: z.literal(true),
  session_id: z.string(),
  last_seen_at: z.string(),
  active_seconds: z.number().int(),
});
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** POST /api/auth/logout: refresh token and/or bearer token; `active_seconds` since login (min 1). */
export const logoutBodySchema = z
  .object({
    refresh_token: z.string().max(512).optional(),
    active_seconds: z.number().int().min(0).max(10 * 365 * 24 * 3600).optional(),
  })
  .nullish();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

// ---------- Me and profile ----------

export const subscriptionStatusSchema = z.string();

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

/** Settings countries (SPEC.md §2). Stored as ISO codes; the web labels them in both languages. */
export const countryCodes = ['US', 'MX', 'CO', 'ES'] as const;
export const countryCodeSchema = z.enum(countryCodes);
export type CountryCode = z.infer<typeof countryCodeSchema>;

/** GET /api/auth/profile and the answer of PUT (SPEC.md §3 Profile plus the settings fields). */
export const profileSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  bio: z.string().nullable(),
  role: roleSchema,
  is_superadmin: z.boolean(),
  plan_name: z.string().nullable(),
  plan_code: z.string(),
  subscription_status: z.string(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
  country: countryCodeSchema.nullable(),
  comm_email: z.boolean(),
  comm_phone: z.boolean(),
  allow_changes: z.boolean(),
  language: accountLanguageSchema,
  email_verified: z.boolean(),
  created_at: z.string(),
  /** A new address waiting for its confirmation link; `email` stays the sign-in address until then. */
  pending_email: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * PUT /api/auth/profile. Every field is optional (absent = unchanged). Privileged fields (role,
 * plan_code, is_superadmin, …) are not part of it and are dropped if sent. The server applies
 * `normalizeProfileUpdate` before storing; the web may apply it before sending too.
 */
export const profileUpdateBodySchema = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: accountEmailSchema.optional(),
  phone: optionalText(40),
  company: optionalText(200),
  website: optionalText(300),
  bio: optionalText(2000),
  linkedin: optionalText(300),
  twitter: optionalText(300),
  country: countryCodeSchema.nullish(),
  comm_email: z.boolean().optional(),
  comm_phone: z.boolean().optional(),
  allow_changes: z.boolean().optional(),
  language: accountLanguageSchema.optional(),
  /** Required (and checked) when `email` changes: an email change is a change of credentials. */
  current_password: z.string().max(PASSWORD_MAX).optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** Trimmed text, empty → null; `undefined` stays `undefined` (field not sent). */
export function normalizeOptionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed.length === 0 ? null : trimmed;
}

/** SPEC.md §5: a link without http:// or https:// gets https:// in front. */
export function normalizeLink(value: string | null | undefined): string | null | undefined {
  const text = normalizeOptionalText(value);
  if (!text) return text;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/**
 * SPEC.md §5 profile normalisation: text trimmed, empty → null; website, LinkedIn and Twitter get
 * https:// when they lack a scheme; a placeholder '-' company → null. Fields left out stay out.
 */
export function normalizeProfileUpdate(input: ProfileUpdateBody): ProfileUpdateBody {
  const output: ProfileUpdateBody = { ...input };
  for (const key of ['first_name', 'last_name', 'phone', 'bio'] as const) {
    if (key in input) output[key] = normalizeOptionalText(input[key]);
  }
  if ('company' in input) {
    const company = normalizeOptionalText(input.company);
    output.company = company === '-' ? null : company;
  }
  for (const key of ['website', 'linkedin', 'twitter'] as const) {
    if (key in input) output[key] = normalizeLink(input[key]);
  }
  if (typeof input.email === 'string') output.email = input.email.trim();
  return output;
}

// ---------- Sessions ----------

/** SPEC.md §3 session record, plus where it came from and whether it is the caller's own. */
export const sessionRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  active_seconds: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** GET /api/auth/sessions: newest first. */
export const sessionListResponseSchema = z.array(sessionRecordSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

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

// ---------- Server-sent events ----------

/** POST /api/events/token → a short-lived token for `GET /api/events?token=…` (EventSource sends no headers). */
export const eventsTokenResponseSchema = z.object({ token: z.string(), expires_in: z.number().int() });
export type EventsTokenResponse = z.infer<typeof eventsTokenResponseSchema>;
export const eventsQuerySchema = z.object({ token: z.string().min(1).max(2048) });

/**
 * Event names sent on /api/events. `ready` opens every stream (data: session_id); `session_revoked`
 * goes only to the revoked session's streams, which the server then closes. Other capabilities add theirs here.
 */
export const serverEventTypes = ['ready', 'session_revoked'] as const;
export type ServerEventType = (typeof serverEventTypes)[number];
export const sessionRevokedEventSchema = z.object({
  session_id: z.string(),
  reason: z.string().nullable(),
});
export type SessionRevokedEvent = z.infer<typeof sessionRevokedEventSchema>;

// ---------- Admin ----------

const adminPageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const adminPageSizeSchema = z.coerce.number().int().min(1).max(200).default(50);

export const sessionStatusSchema = z.enum(['active', 'revoked']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const adminSessionsQuerySchema = z.object({
  status: sessionStatusSchema.optional(),
  user_id: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  page: adminPageSchema,
  page_size: adminPageSizeSchema,
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const adminSessionRowSchema = sessionRecordSchema.omit({ current: true }).extend({
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string(),
  status: sessionStatusSchema,
  current: z.boolean(),
});
export type AdminSessionRow = z.infer<typeof adminSessionRowSchema>;

export const adminSessionListResponseSchema = z.object({
  items: z.array(adminSessionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminSessionListResponse = z.infer<typeof adminSessionListResponseSchema>;

export const adminEntityParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export type AdminEntityParams = z.infer<typeof adminEntityParamsSchema>;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  page: adminPageSchema,
  page_size: adminPageSizeSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  role: roleSchema,
  is_superadmin: z.boolean(),
  plan_code: z.string(),
  plan_name: z.string().nullable(),
  subscription_status: z.string(),
  active: z.boolean(),
  email_verified: z.boolean(),
  is_demo: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListResponseSchema = z.object({
  items: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/**
 * PATCH /api/admin/users/{id}. `is_superadmin` may only be changed by a superadmin; nobody can
 * demote or deactivate themselves (that would lock the last admin out).
 */
export const adminUserUpdateBodySchema = z
  .object({
    role: roleSchema.optional(),
    plan_code: planCodeSchema.optional(),
    active: z.boolean().optional(),
    is_superadmin: z.boolean().optional(),
    subscription_status: z.string().trim().min(1).max(40).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Nothing to change' });
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

// ---------- Dev outbox ----------

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ items: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
