import type { BankProvider, IdentityVerificationStatus, Institution } from '@fueldesk/contracts';

export interface ProviderAccount {
  id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string | null;
  /** Decimal strings; null when the institution does not report the figure. */
  balances: { available: string | null; current: string | null; limit: string | null; currency: string | null };
}

export interface ProviderIdentityOwner {
  names: string[];
  emails: string[];
  phones: string[];
  addresses: string[];
}

export interface ProviderTransaction {
  id: string;
  accountId: string;
  /** YYYY-MM-DD */
  date: string;
  name: string;
  /** Decimal string; positive is money leaving the account (the provider's convention). */
  amount: string;
  currency: string | null;
}

export interface ProviderHolding {
  accountId: string;
  name: string;
  ticker: string | null;
  quantity: string;
  value: string | null;
  currency: string | null;
}

export interface ProviderIdentityVerification {
  id: string;
  status: IdentityVerificationStatus;
  failureReasons: string[];
  /** Where the person completes the verification (Plaid's shareable link); null when there is nothing to open. */
  url: string | null;
}

export interface ProviderExchange {
  accessToken: string;
  itemId: string;
  institution: Institution;
}

/** What the provider knows about the person who verifies; Plaid prefills its flow with it. */
export interface VerificationSubject {
  userId: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
}

/**
 * The financial-data provider (DECISIONS.md "Bank connection and data sharing"). Two
 * implementations: Plaid and the built-in sandbox. Access tokens go in and out of this
 * interface only; callers store them encrypted and never return them.
 */
export interface FinancialDataProvider {
  readonly name: BankProvider;
  createLinkToken(input: { userId: string; language: 'en' | 'es' }): Promise<string>;
  exchangePublicToken(publicToken: string): Promise<ProviderExchange>;
  getAccounts(accessToken: string): Promise<ProviderAccount[]>;
  getIdentity(accessToken: string): Promise<ProviderIdentityOwner[]>;
  /** Transactions dated from `since` to `until` (inclusive), newest first. */
  getTransactions(accessToken: string, since: Date, until: Date): Promise<ProviderTransaction[]>;
  getHoldings(accessToken: string): Promise<ProviderHolding[]>;
  startIdentityVerification(subject: VerificationSubject): Promise<ProviderIdentityVerification>;
  getIdentityVerification(id: string): Promise<ProviderIdentityVerification>;
  /** The public key (JWK) that signs webhooks with this key id; absent when the provider sends none. */
  getWebhookVerificationKey?(keyId: string): Promise<WebhookVerificationKey>;
}

export interface WebhookVerificationKey {
  jwk: { kty: string; crv?: string; x?: string; y?: string; alg?: string; kid?: string };
  /** Seconds since the epoch when the key stopped being valid; null while valid. */
  expiredAt: number | null;
}

/** A refusal or failure reported by the provider; `reason` is its own words, shown to the user. */
export class ProviderError extends Error {
  constructor(
    public readonly providerCode: string,
    public readonly reason: string,
    /** True when the caller's input caused it (bad credentials, unknown token), not an outage. */
    public readonly userFault: boolean,
  ) {
    super(`${providerCode}: ${reason}`);
    this.name = 'ProviderError';
  }
}
