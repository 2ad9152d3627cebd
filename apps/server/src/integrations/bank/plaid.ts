import { toIsoDate, type IdentityVerificationStatus } from '@fueldesk/contracts';
import type { IdentityVerificationGetResponse, IdentityVerificationStepSummary } from 'plaid';
import { lazyModule } from '../../lib/lazy-module';
import {
  ProviderError,
  type FinancialDataProvider,
  type ProviderAccount,
  type ProviderIdentityVerification,
  type ProviderTransaction,
} from './provider';

/** The SDK (axios and megabytes of generated models, slow to load) only when Plaid is configured and used. */
const loadPlaid = lazyModule<typeof import('plaid')>('plaid');

export interface PlaidProviderOptions {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'development' | 'production';
  baseUrl?: string;
  idvTemplateId?: string;
  webhookUrl: string;
}

/** Amounts arrive as JSON numbers; they become decimal strings at once and are never computed with. */
function money(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.toFixed(2);
}

/** Plaid's errors carry error_type, error_code and a message; item and input errors are the user's to fix. */
function toProviderError(error: unknown): ProviderError {
  const data = (error as { response?: { data?: { error_type?: string; error_code?: string; error_message?: string; display_message?: string | null } } })
    .response?.data;
  if (data?.error_code) {
    const userFault = data.error_type === 'ITEM_ERROR' || data.error_type === 'INVALID_INPUT' || data.error_type === 'INVALID_REQUEST';
    return new ProviderError(data.error_code, data.display_message ?? data.error_message ?? data.error_code, userFault);
  }
  return new ProviderError('PROVIDER_UNAVAILABLE', 'The bank data provider did not answer.', false);
}

async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toProviderError(error);
  }
}

/** Plaid's IDV statuses in SPEC.md §4's words. */
function mapStatus(status: string, fresh: boolean): IdentityVerificationStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
      return 'failed';
    case 'expired':
    case 'canceled':
      return 'rejected';
    case 'pending_review':
      return 'needs_review';
    default:
      return fresh ? 'created' : 'in_progress';
  }
}

const stepReasons: Record<keyof IdentityVerificationStepSummary, string> = {
  accept_tos: 'The terms were not accepted.',
  verify_sms: 'The phone number could not be verified.',
  kyc_check: 'The personal details could not be verified.',
  documentary_verification: 'The identity document could not be verified.',
  selfie_check: 'The selfie check failed.',
  watchlist_screening: 'The watchlist screening needs attention.',
  risk_check: 'The risk check failed.',
};

function presentVerification(response: IdentityVerificationGetResponse, fresh = false): ProviderIdentityVerification {
  const steps = response.steps ?? ({} as IdentityVerificationStepSummary);
  const failureReasons = (Object.keys(stepReasons) as (keyof IdentityVerificationStepSummary)[])
    .filter((step) => steps[step] === 'failed')
    .map((step) => stepReasons[step]);
  return { id: response.id, status: mapStatus(response.status, fresh), failureReasons, url: response.shareable_url ?? null };
}

/** The Plaid adapter, through the official SDK. Access tokens pass through and are never logged here. */
export function createPlaidProvider(options: PlaidProviderOptions): FinancialDataProvider {
  const { Configuration, CountryCode, PlaidApi, PlaidEnvironments, Products } = loadPlaid();
  const client = new PlaidApi(
    new Configuration({
      basePath: options.baseUrl ?? PlaidEnvironments[options.environment] ?? PlaidEnvironments.sandbox,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret, 'Plaid-Version': '2020-09-14' },
        timeout: 15_000,
      },
    }),
  );

  return {
    name: 'plaid',

    async createLinkToken({ userId, language }) {
      const data = await call(() =>
        client.linkTokenCreate({
          client_name: 'FuelDesk',
          language,
          country_codes: [CountryCode.Us],
          user: { client_user_id: userId },
          products: [Products.Transactions],
          optional_products: [Products.Identity, Products.Investments],
          webhook: options.webhookUrl,
        }),
      );
      return data.link_token;
    },

    async exchangePublicToken(publicToken) {
      const exchange = await call(() => client.itemPublicTokenExchange({ public_token: publicToken }));
      const item = await call(() => client.itemGet({ access_token: exchange.access_token }));
      const institutionId = item.item.institution_id ?? 'unknown';
      let name = item.item.institution_name ?? institutionId;
      if (!item.item.institution_name && item.item.institution_id) {
        const institution = await call(() =>
          client.institutionsGetById({ institution_id: institutionId, country_codes: [CountryCode.Us] }),
        );
        name = institution.institution.name;
      }
      return { accessToken: exchange.access_token, itemId: exchange.item_id, institution: { id: institutionId, name } };
    },

    async getAccounts(accessToken): Promise<ProviderAccount[]> {
      const data = await call(() => client.accountsBalanceGet({ access_token: accessToken }));
      return data.accounts.map((account) => ({
        id: account.account_id,
        name: account.official_name ?? account.name,
        mask: account.mask ?? null,
        type: String(account.type),
        subtype: account.subtype ? String(account.subtype) : null,
        balances: {
          available: money(account.balances.available),
          current: money(account.balances.current),
          limit: money(account.balances.limit),
          currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? null,
        },
      }));
    },

    async getIdentity(accessToken) {
      const data = await call(() => client.identityGet({ access_token: accessToken }));
      return data.accounts.flatMap((account) =>
        account.owners.map((owner) => ({
          names: owner.names,
          emails: owner.emails.map((email) => email.data),
          phones: owner.phone_numbers.map((phone) => phone.data),
          addresses: owner.addresses.map((address) =>
            [address.data.street, address.data.city, [address.data.region, address.data.postal_code].filter(Boolean).join(' '), address.data.country]
              .filter(Boolean)
              .join(', '),
          ),
        })),
      );
    },

    async getTransactions(accessToken, since, until): Promise<ProviderTransaction[]> {
      const from = toIsoDate(since);
      const to = toIsoDate(until);
      const added: ProviderTransaction[] = [];
      let cursor: string | undefined;
      // /transactions/sync pages through the whole history; a bound keeps a misbehaving answer from looping forever.
      for (let page = 0; page < 50; page += 1) {
        const data = await call(() => client.transactionsSync({ access_token: accessToken, cursor, count: 500 }));
        for (const item of data.added) {
          if (item.date < from || item.date > to) continue;
          added.push({
            id: item.transaction_id,
            accountId: item.account_id,
            date: item.date,
            name: item.merchant_name ?? item.name,
            amount: money(item.amount) ?? '0.00',
            currency: item.iso_currency_code ?? item.unofficial_currency_code ?? null,
          });
        }
        cursor = data.next_cursor;
        if (!data.has_more) break;
      }
      return added.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    },

    async getHoldings(accessToken) {
      const data = await call(() => client.investmentsHoldingsGet({ access_token: accessToken }));
      const securities = new Map(data.securities.map((security) => [security.security_id, security]));
      return data.holdings.map((holding) => {
        const security = securities.get(holding.security_id);
        return {
          accountId: holding.account_id,
          name: security?.name ?? holding.security_id,
          ticker: security?.ticker_symbol ?? null,
          quantity: String(holding.quantity),
          value: money(holding.institution_value),
          currency: holding.iso_currency_code ?? holding.unofficial_currency_code ?? null,
        };
      });
    },

    async startIdentityVerification(subject) {
      if (!options.idvTemplateId) {
        throw new ProviderError('IDV_NOT_CONFIGURED', 'Identity verification is not configured on this server.', false);
      }
      const data = await call(() =>
        client.identityVerificationCreate({
          client_user_id: subject.userId,
          is_shareable: true,
          template_id: options.idvTemplateId!,
          gave_consent: true,
          is_idempotent: true,
          user: {
            email_address: subject.email,
            ...(subject.givenName && subject.familyName ? { name: { given_name: subject.givenName, family_name: subject.familyName } } : {}),
          },
        }),
      );
      return presentVerification(data as IdentityVerificationGetResponse, true);
    },

    async getIdentityVerification(id) {
      const data = await call(() => client.identityVerificationGet({ identity_verification_id: id }));
      return presentVerification(data);
    },

    async getWebhookVerificationKey(keyId) {
      const data = await call(() => client.webhookVerificationKeyGet({ key_id: keyId }));
      const { kty, crv, x, y, alg, kid, expired_at: expiredAt } = data.key;
      return { jwk: { kty, crv, x, y, alg, kid }, expiredAt: expiredAt ?? null };
    },
  };
}
