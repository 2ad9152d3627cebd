import { createHash, randomBytes } from 'node:crypto';
import { listIsoDays, SANDBOX_INSTITUTIONS, toIsoDate, type IdentityVerificationStatus, type Institution } from '@fueldesk/contracts';
import {
  ProviderError,
  type FinancialDataProvider,
  type ProviderAccount,
  type ProviderHolding,
  type ProviderIdentityOwner,
  type ProviderIdentityVerification,
  type ProviderTransaction,
  type VerificationSubject,
} from './provider';

export const sandboxInstitutions: readonly Institution[] = SANDBOX_INSTITUTIONS;

/** Plaid's sandbox credentials: these succeed, anything else fails with INVALID_CREDENTIALS. */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

/** Identity verification moves created → in_progress after this long, then to its final status. */
export const SANDBOX_IDV_IN_PROGRESS_AFTER_MS = 1_000;
export const SANDBOX_IDV_FINAL_AFTER_MS = 4_000;
/**
 * Documented failing input: a verification started for an email address whose local part
 * contains `idv_fail` ends `failed` with these reasons (any other address ends `success`).
 */
export const SANDBOX_IDV_FAIL_MARKER = 'idv_fail';
export const SANDBOX_IDV_FAILURE_REASONS = [
  'The name on the document does not match the name given.',
  'The date of birth could not be verified.',
];

const INVALID_CREDENTIALS = 'The provided credentials were not correct. Please try again.';

/** A small deterministic generator (mulberry32) seeded from a string. */
function generator(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** Integer cents → "1234.56"; exact, no float arithmetic on the stored value. */
function cents(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const firstNames = ['Alberta', 'Bruno', 'Carmen', 'Diego', 'Elena', 'Farid', 'Greta', 'Hector'];
const lastNames = ['Charleson', 'Delgado', 'Ferreira', 'Hughes', 'Molina', 'Okafor', 'Reyes', 'Walsh'];
const streets = ['2992 Cameron Road', '14 Harbor View', '780 Refinery Row', '55 Terminal Street'];
const cities = ['Malakoff, NY 14236', 'Houston, TX 77002', 'Tulsa, OK 74103', 'Baton Rouge, LA 70801'];
const merchants = ['Harbor Fuel Terminal', 'Gulf Pipeline Tariff', 'Truck Fleet Maintenance', 'Bulk Diesel Purchase', 'Port Storage Fees', 'Rack Gasoline Lifting'];
const securities = [
  { name: 'Exxon Mobil Corp', ticker: 'XOM' },
  { name: 'Chevron Corp', ticker: 'CVX' },
  { name: 'United States Oil Fund', ticker: 'USO' },
  { name: 'US Treasury Bill 3M', ticker: null },
];

interface SandboxItem {
  institution: Institution;
  seed: string;
}

/** Tokens carry the institution and a random seed; everything else is derived from them. */
function parseAccessToken(accessToken: string): SandboxItem {
  const match = /^access-sandbox-(ins_\d+)-([0-9a-f]{32})$/.exec(accessToken);
  const institution = match ? sandboxInstitutions.find((item) => item.id === match[1]) : undefined;
  if (!match || !institution) throw new ProviderError('INVALID_ACCESS_TOKEN', 'The access token is not valid.', true);
  return { institution, seed: match[2]! };
}

function accountsOf(item: SandboxItem): ProviderAccount[] {
  const random = generator(`accounts:${item.seed}`);
  const mask = () => String(random.int(0, 9999)).padStart(4, '0');
  const checking = random.int(250_000, 9_000_000);
  const savings = random.int(1_000_000, 50_000_000);
  const cardLimit = random.int(5, 50) * 100_000;
  const cardUsed = random.int(0, cardLimit / 2);
  const brokerage = random.int(2_000_000, 90_000_000);
  return [
    { id: `${item.seed.slice(0, 8)}-chk`, name: 'Operating Checking', mask: mask(), type: 'depository', subtype: 'checking', balances: { available: cents(checking - random.int(0, 50_000)), current: cents(checking), limit: null, currency: 'USD' } },
    { id: `${item.seed.slice(0, 8)}-sav`, name: 'Reserve Savings', mask: mask(), type: 'depository', subtype: 'savings', balances: { available: cents(savings), current: cents(savings), limit: null, currency: 'USD' } },
    { id: `${item.seed.slice(0, 8)}-crd`, name: 'Fleet Credit Card', mask: mask(), type: 'credit', subtype: 'credit card', balances: { available: cents(cardLimit - cardUsed), current: cents(cardUsed), limit: cents(cardLimit), currency: 'USD' } },
    { id: `${item.seed.slice(0, 8)}-inv`, name: 'Brokerage', mask: mask(), type: 'investment', subtype: 'brokerage', balances: { available: null, current: cents(brokerage), limit: null, currency: 'USD' } },
  ];
}


/**
 * The built-in sandbox provider (the default without Plaid keys). Institutions, accounts,
 * balances, identity, transactions and holdings are generated deterministically from the
 * connection's token; identity verification follows the clock it is given.
 */
export function createSandboxProvider(options: { now: () => Date }): FinancialDataProvider & {
  createPublicToken(input: { institutionId?: string; username: string; password: string }): string;
} {
  return {
    name: 'sandbox',

    async createLinkToken() {
      return `link-sandbox-${randomBytes(16).toString('hex')}`;
    },

    createPublicToken(input) {
      const institution = input.institutionId
        ? sandboxInstitutions.find((item) => item.id === input.institutionId)
        : sandboxInstitutions[0];
      if (!institution) throw new ProviderError('INVALID_INSTITUTION', 'This institution is not available in the sandbox.', true);
      if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) {
        throw new ProviderError('INVALID_CREDENTIALS', INVALID_CREDENTIALS, true);
      }
      return `public-sandbox-${institution.id}-${randomBytes(16).toString('hex')}`;
    },

    async exchangePublicToken(publicToken) {
      const match = /^public-sandbox-(ins_\d+)-([0-9a-f]{32})$/.exec(publicToken);
      const institution = match ? sandboxInstitutions.find((item) => item.id === match[1]) : undefined;
      if (!match || !institution) throw new ProviderError('INVALID_PUBLIC_TOKEN', 'The public token is not valid or has expired.', true);
      const seed = match[2]!;
      return { accessToken: `access-sandbox-${institution.id}-${seed}`, itemId: `item-sandbox-${seed}`, institution };
    },

    async getAccounts(accessToken) {
      return accountsOf(parseAccessToken(accessToken));
    },

    async getIdentity(accessToken): Promise<ProviderIdentityOwner[]> {
      const item = parseAccessToken(accessToken);
      const random = generator(`identity:${item.seed}`);
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      return [
        {
          names: [`${first} ${last}`],
          emails: [`${first}.${last}@example.com`.toLowerCase()],
          phones: [`+1 555 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`],
          addresses: [`${random.pick(streets)}, ${random.pick(cities)}, US`],
        },
      ];
    },

    async getTransactions(accessToken, since, until): Promise<ProviderTransaction[]> {
      const item = parseAccessToken(accessToken);
      const accounts = accountsOf(item).filter((account) => account.type === 'depository' || account.type === 'credit');
      const transactions: ProviderTransaction[] = [];
      // Each calendar day's transactions depend only on the connection and the day: asking twice gives the same list.
      for (const date of listIsoDays(toIsoDate(since), toIsoDate(until), 'descending')) {
        for (const account of accounts) {
          const random = generator(`tx:${item.seed}:${account.id}:${date}`);
          if (random.next() > 0.3) continue;
          const outflow = random.next() > 0.2;
          transactions.push({
            id: `${account.id}-${date}`,
            accountId: account.id,
            date,
            name: outflow ? random.pick(merchants) : 'Customer payment received',
            amount: cents((outflow ? 1 : -1) * random.int(5_000, 2_500_000)),
            currency: 'USD',
          });
        }
      }
      return transactions;
    },

    async getHoldings(accessToken): Promise<ProviderHolding[]> {
      const item = parseAccessToken(accessToken);
      const brokerage = accountsOf(item).find((account) => account.type === 'investment')!;
      const random = generator(`holdings:${item.seed}`);
      return securities.map((security) => {
        const quantity = random.int(10, 5_000);
        const priceCents = random.int(2_000, 15_000);
        return {
          accountId: brokerage.id,
          name: security.name,
          ticker: security.ticker,
          quantity: String(quantity),
          value: cents(quantity * priceCents),
          currency: 'USD',
        };
      });
    },

    async startIdentityVerification(subject: VerificationSubject): Promise<ProviderIdentityVerification> {
      const outcome = subject.email.split('@')[0]!.toLowerCase().includes(SANDBOX_IDV_FAIL_MARKER) ? 'f' : 's';
      const id = `idv-sandbox-${outcome}-${options.now().getTime()}-${randomBytes(6).toString('hex')}`;
      return { id, status: 'created', failureReasons: [], url: null };
    },

    async getIdentityVerification(id): Promise<ProviderIdentityVerification> {
      const match = /^idv-sandbox-([fs])-(\d+)-[0-9a-f]{12}$/.exec(id);
      if (!match) throw new ProviderError('INVALID_IDENTITY_VERIFICATION', 'Unknown identity verification.', true);
      const elapsed = options.now().getTime() - Number(match[2]);
      let status: IdentityVerificationStatus = 'created';
      if (elapsed >= SANDBOX_IDV_FINAL_AFTER_MS) status = match[1] === 'f' ? 'failed' : 'success';
      else if (elapsed >= SANDBOX_IDV_IN_PROGRESS_AFTER_MS) status = 'in_progress';
      return { id, status, failureReasons: status === 'failed' ? [...SANDBOX_IDV_FAILURE_REASONS] : [], url: null };
    },
  };
}
