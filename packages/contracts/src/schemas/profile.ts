import { z } from 'zod';
import { roleSchema } from './enums';
import { accountEmailSchema, accountLanguageSchema, PASSWORD_MAX } from './auth';

// The profile module's contracts: GET/PUT /auth/profile (SPEC.md §3 profile).

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
