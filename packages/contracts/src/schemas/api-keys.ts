import { z } from 'zod';
import { defineMessages } from '../messages';

// API keys (issue 32): programmatic access apart from sessions. DECISIONS.md "API keys", API.md "API keys".

export const apiKeyScopes = ['prices:read', 'news:read', 'screening:read', 'screening:write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** A user keeps at most this many live (neither revoked nor expired) keys. */
export const API_KEYS_PER_USER = 10;
export const API_KEY_NAME_MAX = 80;
/** Every key starts with this; the next characters (the prefix) identify it in lists. */
export const API_KEY_MARK = 'fd_';
/** Characters of a key shown in lists to recognise it: `fd_` + 8 characters of the secret. */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;

export const apiKeyMessages = defineMessages('apiKeys', {
  nameRequired: 'Give the key a name.',
  nameTooLong: `A key name must be at most ${API_KEY_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  badScope: 'Scopes are prices:read, news:read, screening:read and screening:write.',
  expiryInvalid: 'The expiry must be a date and time in the future.',
  tooMany: `You already have ${API_KEYS_PER_USER} live API keys: revoke one first.`,
  notFound: 'This API key does not exist.',
  invalid: 'This API key is not valid, expired or revoked.',
  scope: "This API key's scopes do not open this endpoint.",
  rateLimited: 'Too many requests with this API key: wait for the time in Retry-After.',
  nameBudget: "This API key's daily screening name budget is spent: wait for the time in Retry-After.",
});

export const apiKeyScopeSchema = z.enum(apiKeyScopes, { error: apiKeyMessages.badScope });

export const createApiKeyBodySchema = z
  .object({
    name: z
      .string({ error: apiKeyMessages.nameRequired })
      .trim()
      .min(1, { error: apiKeyMessages.nameRequired })
      .max(API_KEY_NAME_MAX, { error: apiKeyMessages.nameTooLong }),
    scopes: z
      .array(apiKeyScopeSchema, { error: apiKeyMessages.scopesRequired })
      .min(1, { error: apiKeyMessages.scopesRequired })
      .max(apiKeyScopes.length, { error: apiKeyMessages.badScope })
      .transform((scopes) => apiKeyScopes.filter((scope) => scopes.includes(scope))),
    expires_at: z.iso.datetime({ offset: true, error: apiKeyMessages.expiryInvalid }).nullish(),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;
export type CreateApiKeyInput = z.output<typeof createApiKeyBodySchema>;

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** A key as lists show it: never the key itself, only its prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  prefix: z.string(),
  status: z.enum(apiKeyStatuses),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  usage_count: z.number().int(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api-keys: the only answer that ever holds `key`. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  prefix: z.string(),
  key: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListResponseSchema = z.object({
  keys: z.array(apiKeySchema),
  /** Live keys allowed per user (10). */
  limit: z.number().int(),
  /** Requests a minute per key, and screening names a day per key. */
  rate_limit_per_minute: z.number().int(),
  screening_names_per_day: z.number().int(),
});
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid({ error: apiKeyMessages.notFound }) });
