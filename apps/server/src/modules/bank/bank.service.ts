import { type BankAccountsResponse, bankMessages, type ExchangeBody, type ExchangeResponse, type IdentityVerification, type IdentityVerificationStatus, isFinalVerificationStatus, type LinkTokenResponse, type MessageKey, type SandboxPublicTokenBody, SHARED_TRANSACTIONS_DAYS, type SharedData, type SharingScope, successfulIdentityVerificationStatuses, verbatim } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { getBankProvider, isSandboxProvider } from '../../integrations/bank';
import { ProviderError, type ProviderAccount } from '../../integrations/bank/provider';
import { AppError, notFound } from '../../lib/app-error';
import { decryptSecret, encryptSecret } from '../../lib/encryption';
import { hardeningMessages } from '../../lib/hardening-messages';
import { hashToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { getProfile } from '../profile/profile.service';
import * as repo from './bank.repository';

const DAY_MS = 86_400_000;

/** The encryption context binds a stored token to its owner and item, so a copied value does not decrypt elsewhere. */
const tokenContext = (row: { userId: string; provider: string; itemId: string }) => `bank:${row.provider}:${row.userId}:${row.itemId}`;

/** A provider refusal becomes a 400 carrying the provider's reason; an outage a 502 with SPEC.md's text. */
function toAppError(error: unknown, fallback: MessageKey): never {
  if (error instanceof ProviderError) {
    if (error.userFault) throw new AppError('PROVIDER_ERROR', 400, verbatim(error.reason));
    throw new AppError('PROVIDER_ERROR', 502, fallback);
  }
  throw error;
}

async function callProvider<T>(ctx: AppContext, operation: string, run: () => Promise<T>, fallback: MessageKey = bankMessages.connectFailed): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError && !error.userFault) {
      ctx.log.warn({ operation, providerCode: error.providerCode }, 'bank provider call failed');
    }
    return toAppError(error, fallback);
  }
}

/** A link session (Plaid's link token) lasts this long: Link is opened and finished within it. */
export const BANK_LINK_SESSION_TTL_MS = 30 * 60_000;
/** The sandbox's public token is exchanged right after the sign-in that made it. */
export const SANDBOX_PUBLIC_TOKEN_TTL_MS = 10 * 60_000;

const linkInvalid = () => new AppError('BAD_REQUEST', 400, hardeningMessages.bankLinkInvalid);

/**
 * A Link token for Plaid Link, or the sandbox's own marker; the web picks its connect dialog from
 * `provider`. The token is a link session bound to the caller: only the caller exchanges with it, once.
 */
export async function createLinkToken(ctx: AppContext, user: AuthUser, language: 'en' | 'es'): Promise<LinkTokenResponse> {
  const provider = getBankProvider(ctx);
  const linkToken = await callProvider(ctx, 'link_token', () => provider.createLinkToken({ userId: user.id, language }));
  const now = ctx.now();
  await repo.deleteStaleLinkSessions(ctx.db, new Date(now.getTime() - DAY_MS));
  await repo.insertLinkSession(ctx.db, {
    userId: user.id,
    provider: provider.name,
    tokenKind: 'link',
    tokenHash: hashToken(linkToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + BANK_LINK_SESSION_TTL_MS),
  });
  return { provider: provider.name, link_token: linkToken };
}

/** The sandbox dialog's sign-in at the simulated bank (404 when Plaid is in use); its token is the caller's alone. */
export async function createSandboxPublicToken(ctx: AppContext, user: AuthUser, body: SandboxPublicTokenBody): Promise<{ public_token: string }> {
  const provider = getBankProvider(ctx);
  if (!isSandboxProvider(provider)) throw notFound(bankMessages.sandboxOnly);
  const publicToken = await callProvider(ctx, 'sandbox_public_token', async () =>
    provider.createPublicToken({ institutionId: body.institution_id, username: body.username, password: body.password }),
  );
  const now = ctx.now();
  await repo.insertLinkSession(ctx.db, {
    userId: user.id,
    provider: provider.name,
    tokenKind: 'public',
    tokenHash: hashToken(publicToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SANDBOX_PUBLIC_TOKEN_TTL_MS),
  });
  return { public_token: publicToken };
}

/**
 * The exchange must come from the user the link session was made for, once, in time: the sandbox's
 * public token is the session itself; with Plaid, the link token Link was opened with.
 */
async function spendLinkSession(ctx: AppContext, user: AuthUser, providerName: string, body: ExchangeBody) {
  const session =
    providerName === 'sandbox'
      ? { tokenKind: 'public' as const, token: body.public_token }
      : body.link_token
        ? { tokenKind: 'link' as const, token: body.link_token }
        : null;
  if (!session) throw linkInvalid();
  const spent = await repo.consumeLinkSession(ctx.db, { tokenKind: session.tokenKind, tokenHash: hashToken(session.token), userId: user.id, now: ctx.now() });
  if (!spent) {
    ctx.log.warn({ userId: user.id, tokenKind: session.tokenKind }, 'bank exchange refused: no usable link session of this user');
    throw linkInvalid();
  }
}

function presentAccount(account: ProviderAccount) {
  return {
    id: account.id,
    name: account.name,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype,
    balances: account.balances,
  };
}

/** Exchanges Link's public token and keeps the connection, its access token encrypted. */
export async function exchangePublicToken(ctx: AppContext, user: AuthUser, body: ExchangeBody): Promise<ExchangeResponse> {
  const provider = getBankProvider(ctx);
  await spendLinkSession(ctx, user, provider.name, body);
  const exchange = await callProvider(ctx, 'exchange', () => provider.exchangePublicToken(body.public_token));
  const now = ctx.now();
  const row = await repo.upsertConnection(ctx.db, {
    userId: user.id,
    provider: provider.name,
    itemId: exchange.itemId,
    institutionId: exchange.institution.id,
    institutionName: exchange.institution.name,
    accessTokenEncrypted: encryptSecret(
      ctx.config.DATA_ENCRYPTION_KEY,
      exchange.accessToken,
      tokenContext({ userId: user.id, provider: provider.name, itemId: exchange.itemId }),
    ),
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new AppError('CONFLICT', 409, bankMessages.connectFailed);
  const accounts = await callProvider(ctx, 'accounts', () => provider.getAccounts(exchange.accessToken));
  return { item_id: exchange.itemId, institution: exchange.institution, accounts: accounts.map(presentAccount) };
}

/** The user's connections with their decrypted tokens, for calls to the provider only. */
async function connectionsWithTokens(ctx: AppContext, userId: string) {
  const rows = await repo.listConnectionsOfUser(ctx.db, userId);
  return rows.map((row) => ({
    row,
    institution: { id: row.institutionId, name: row.institutionName },
    accessToken: decryptSecret(ctx.config.DATA_ENCRYPTION_KEY, row.accessTokenEncrypted, tokenContext(row)),
  }));
}

/** Every account of every connection of the caller, balances read from the provider now. */
export async function listAccounts(ctx: AppContext, userId: string): Promise<BankAccountsResponse> {
  const provider = getBankProvider(ctx);
  const connections = await connectionsWithTokens(ctx, userId);
  const accounts: BankAccountsResponse['accounts'] = [];
  for (const connection of connections) {
    const list = await callProvider(ctx, 'accounts', () => provider.getAccounts(connection.accessToken));
    accounts.push(...list.map((account) => ({ ...presentAccount(account), institution: connection.institution })));
  }
  return { accounts };
}

export async function hasBankConnection(ctx: AppContext, userId: string): Promise<boolean> {
  return (await repo.countConnectionsOfUser(ctx.db, userId)) > 0;
}

function presentVerification(row: repo.IdentityVerificationRow | null, url: string | null = null): IdentityVerification {
  if (!row) return { id: null, status: null, failure_reasons: [], verification_url: null };
  const final = isFinalVerificationStatus(row.status);
  return { id: row.id, status: row.status as IdentityVerificationStatus, failure_reasons: row.failureReasons, verification_url: final ? null : url };
}

/**
 * The caller's latest verification, refreshed from the provider while it is not final, with the
 * provider's page where the person completes it (Plaid's shareable link; none in the sandbox).
 */
async function refreshVerification(ctx: AppContext, userId: string): Promise<{ row: repo.IdentityVerificationRow | null; url: string | null }> {
  const row = await repo.findLatestVerification(ctx.db, userId);
  if (!row || isFinalVerificationStatus(row.status)) return { row, url: null };
  const provider = getBankProvider(ctx);
  const current = await callProvider(ctx, 'idv_get', () => provider.getIdentityVerification(row.providerId), bankMessages.connectFailed);
  if (current.status === row.status && current.failureReasons.length === row.failureReasons.length) return { row, url: current.url };
  const updated = await repo.updateVerification(ctx.db, row.id, { status: current.status, failureReasons: current.failureReasons, updatedAt: ctx.now() });
  return { row: updated, url: current.url };
}

export async function getIdentityVerification(ctx: AppContext, userId: string): Promise<IdentityVerification> {
  const { row, url } = await refreshVerification(ctx, userId);
  return presentVerification(row, url);
}

/**
 * Starts identity verification. A verification still under way or already successful is returned
 * as it is; after a failure a new attempt starts.
 */
export async function startIdentityVerification(ctx: AppContext, user: AuthUser): Promise<IdentityVerification> {
  const { row: existing, url } = await refreshVerification(ctx, user.id);
  if (existing && (!isFinalVerificationStatus(existing.status) || isVerificationSuccessful(existing.status))) {
    return presentVerification(existing, url);
  }
  const provider = getBankProvider(ctx);
  const profile = await getProfile(ctx, user.id);
  const started = await callProvider(ctx, 'idv_start', () =>
    provider.startIdentityVerification({ userId: user.id, email: user.email, givenName: profile.first_name, familyName: profile.last_name }),
  );
  const now = ctx.now();
  const row = await repo.insertVerification(ctx.db, {
    userId: user.id,
    provider: provider.name,
    providerId: started.id,
    status: started.status,
    failureReasons: started.failureReasons,
    createdAt: now,
    updatedAt: now,
  });
  return presentVerification(row, started.url);
}

function isVerificationSuccessful(status: string): boolean {
  return (successfulIdentityVerificationStatuses as readonly string[]).includes(status);
}

export async function hasVerifiedIdentity(ctx: AppContext, userId: string): Promise<boolean> {
  const { row } = await refreshVerification(ctx, userId);
  return row !== null && isVerificationSuccessful(row.status);
}

/**
 * The data a consenting user shares, scope by scope, read from the provider now. Only the given
 * scopes are fetched: nothing else ever leaves this function.
 */
export async function collectSharedData(ctx: AppContext, userId: string, scopes: readonly SharingScope[]): Promise<SharedData> {
  const provider = getBankProvider(ctx);
  const connections = await connectionsWithTokens(ctx, userId);
  const now = ctx.now();
  const data: SharedData = { fetched_at: now.toISOString() };
  const failed = bankMessages.connectFailed;
  if (scopes.includes('identity')) {
    data.identity = [];
    for (const connection of connections) {
      const owners = await callProvider(ctx, 'identity', () => provider.getIdentity(connection.accessToken), failed);
      data.identity.push({ institution: connection.institution, owners });
    }
  }
  if (scopes.includes('balances')) {
    data.balances = [];
    for (const connection of connections) {
      const accounts = await callProvider(ctx, 'accounts', () => provider.getAccounts(connection.accessToken), failed);
      data.balances.push(...accounts.map((account) => ({ ...presentAccount(account), institution: connection.institution })));
    }
  }
  if (scopes.includes('transactions')) {
    data.transactions = [];
    const since = new Date(now.getTime() - SHARED_TRANSACTIONS_DAYS * DAY_MS);
    for (const connection of connections) {
      const list = await callProvider(ctx, 'transactions', () => provider.getTransactions(connection.accessToken, since, now), failed);
      data.transactions.push(
        ...list.map((item) => ({ id: item.id, account_id: item.accountId, date: item.date, name: item.name, amount: item.amount, currency: item.currency })),
      );
    }
    data.transactions.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }
  if (scopes.includes('investments')) {
    data.investments = [];
    for (const connection of connections) {
      const list = await callProvider(ctx, 'holdings', () => provider.getHoldings(connection.accessToken), failed);
      data.investments.push(
        ...list.map((item) => ({ account_id: item.accountId, name: item.name, ticker: item.ticker, quantity: item.quantity, value: item.value, currency: item.currency })),
      );
    }
  }
  return data;
}
