import type { DueFindings } from '@fueldesk/contracts';
import type { CountryCode } from 'libphonenumber-js';
import { lazyModule } from '../../lib/lazy-module';
import { dueText, type DueLang } from './due-diligence.messages';

// JSON lists, loaded on the first contact check rather than at every start: disposable-email-domains
// is megabytes of JSON (a hundred thousand domains), a restart's CPU and a large set kept in memory by
// a server that may never check a contact. Read with require: the same under tsx and in the compiled
// (ESM) server; email-providers' own entry only re-exports its all.json.
const loadFreeMailDomains = lazyModule<string[]>('email-providers/all.json');
const loadDisposableDomains = lazyModule<string[]>('disposable-email-domains');
let domainSets: { freeMail: Set<string>; disposable: Set<string> } | undefined;
const mailDomains = () => (domainSets ??= { freeMail: new Set(loadFreeMailDomains()), disposable: new Set(loadDisposableDomains()) });

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * Federal Reserve routing symbols (the first two digits): 00 U.S. government, 01–12 banks of the
 * twelve districts, 21–32 thrifts, 61–72 electronic transactions, 80 traveler's cheques.
 */
function isRoutingSymbol(prefix: number): boolean {
  return prefix === 0 || (prefix >= 1 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** ABA routing number: 9 digits, Federal Reserve routing symbol, 3-7-1 checksum. `valid: null` when not given. */
export function checkRoutingNumber(value: string, lang: DueLang): DueFindings['routing_number'] {
  const digits = digitsOf(value);
  if (!digits) return { valid: null, reason: dueText(lang, 'routingMissing') };
  if (!/^\d{9}$/.test(digits)) return { valid: false, reason: dueText(lang, 'routingShape') };
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  if (sum % 10 !== 0) return { valid: false, reason: dueText(lang, 'routingChecksum') };
  if (!isRoutingSymbol(Number(digits.slice(0, 2)))) return { valid: false, reason: dueText(lang, 'routingSymbol', { prefix: digits.slice(0, 2) }) };
  return { valid: true, reason: dueText(lang, 'routingValid') };
}

/** EIN prefixes the IRS has never assigned to a campus (IRS "How EINs are assigned"). */
const unassignedEinPrefixes = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

/** EIN: 9 digits (NN-NNNNNNN) whose two-digit prefix the IRS assigns. */
export function checkFederalTaxId(value: string, lang: DueLang): DueFindings['federal_tax_id'] {
  const digits = digitsOf(value);
  if (!digits) return { valid: null, reason: dueText(lang, 'einMissing') };
  if (!/^\d{9}$/.test(digits)) return { valid: false, reason: dueText(lang, 'einShape') };
  const prefix = digits.slice(0, 2);
  if (unassignedEinPrefixes.has(prefix)) return { valid: false, reason: dueText(lang, 'einPrefix', { prefix }) };
  return { valid: true, reason: dueText(lang, 'einValid', { prefix }) };
}

/** libphonenumber-js and its metadata (slow to load) only when a due-diligence form is checked. */
const loadPhoneNumbers = lazyModule<typeof import('libphonenumber-js')>('libphonenumber-js');

let countryNamesCache: Map<string, CountryCode> | undefined;

/** Country codes and their English and Spanish names, made on first use. */
function countryNames(): Map<string, CountryCode> {
  if (countryNamesCache) return countryNamesCache;
  const { getCountries } = loadPhoneNumbers();
  const names = new Map<string, CountryCode>();
  const display = ['en', 'es'].map((locale) => new Intl.DisplayNames([locale], { type: 'region' }));
  for (const code of getCountries()) {
    names.set(code.toLowerCase(), code);
    for (const d of display) {
      const name = d.of(code);
      if (name) names.set(name.toLowerCase(), code);
    }
  }
  names.set('usa', 'US');
  names.set('united states of america', 'US');
  names.set('eeuu', 'US');
  names.set('ee.uu.', 'US');
  names.set('uk', 'GB');
  countryNamesCache = names;
  return names;
}

/** The ISO country of a free-text country field ("US", "Mexico", "España"), or null. */
export function findCountryCode(value: string): CountryCode | null {
  return countryNames().get(value.trim().toLowerCase()) ?? null;
}

const emailPattern = /^[^\s@<>()",;]+@([^\s@<>()",;]+\.[^\s@<>()",;]{2,})$/;

/** Email syntax, free-mail and disposable domains, phone number valid for the form's country. */
export function checkContact(form: { email: string; phone: string; country: string }): DueFindings['contact'] {
  const email = form.email.trim().toLowerCase();
  const domain = email ? emailPattern.exec(email)?.[1] ?? null : null;
  const country = findCountryCode(form.country);
  const phone = form.phone.trim() ? loadPhoneNumbers().parsePhoneNumberFromString(form.phone, country ?? undefined) : undefined;
  return {
    email_valid: email ? domain !== null : null,
    free_mail: domain ? mailDomains().freeMail.has(domain) : null,
    disposable: domain ? mailDomains().disposable.has(domain) : null,
    phone_valid: form.phone.trim() ? Boolean(phone?.isValid() && (!country || phone.country === country || phone.country === undefined)) : null,
    phone_country: phone?.country ?? null,
  };
}

const toNumber = (value: string) => {
  const cleaned = value.replace(/[,\s]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
};

/** Typical underground storage tanks hold 500 to 50,000 gallons each. */
const TANK_MIN_GALLONS = 500;
const TANK_MAX_GALLONS = 50_000;
/** More than 30 turnovers of the whole capacity a month is one per day: beyond what a site sells. */
const MAX_MONTHLY_TURNOVERS = 30;
const MAX_TANKS = 40;

/** UST plausibility: tanks × capacity, usage against capacity, facility number format; a reason for each note. */
export function checkUst(form: Record<string, string>, lang: DueLang): DueFindings['ust'] {
  const count = toNumber(form.ust_count ?? '');
  const capacity = toNumber(form.ust_total_capacity_gallons ?? '');
  const usage = toNumber(form.ust_avg_monthly_usage_gallons ?? '');
  const facility = (form.ust_facility_number ?? '').trim();
  if (count === null && capacity === null && usage === null && !facility) return { plausible: null, notes: [dueText(lang, 'ustNone')] };
  const notes: string[] = [];
  let plausible = true;
  if (count !== null && (count === 0 || count > MAX_TANKS)) {
    plausible = false;
    notes.push(dueText(lang, 'ustCount', { count: String(count), max: String(MAX_TANKS) }));
  }
  if (count && capacity !== null) {
    const perTank = capacity / count;
    if (perTank < TANK_MIN_GALLONS || perTank > TANK_MAX_GALLONS) {
      plausible = false;
      notes.push(dueText(lang, 'ustPerTank', { perTank: String(Math.round(perTank)), min: String(TANK_MIN_GALLONS), max: String(TANK_MAX_GALLONS) }));
    } else notes.push(dueText(lang, 'ustPerTankOk', { perTank: String(Math.round(perTank)) }));
  }
  if (capacity !== null && usage !== null) {
    if (capacity === 0 || usage / capacity > MAX_MONTHLY_TURNOVERS) {
      plausible = false;
      notes.push(dueText(lang, 'ustUsage', { max: String(MAX_MONTHLY_TURNOVERS) }));
    } else notes.push(dueText(lang, 'ustUsageOk', { turns: (usage / capacity).toFixed(1) }));
  }
  if (facility && !/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,24}$/.test(facility)) {
    plausible = false;
    notes.push(dueText(lang, 'ustFacility'));
  } else if (!facility) notes.push(dueText(lang, 'ustFacilityMissing'));
  return { plausible, notes };
}

/** The fields a counterparty check needs; empty ones are listed as missing information. */
export const dueExpectedFields = [
  'business_name',
  'contact_name',
  'email',
  'phone',
  'country',
  'street',
  'city',
  'state_zip',
  'business_type',
  'legal_business_name',
  'federal_tax_id',
  'owner_name',
  'bank_name',
  'routing_number',
  'account_number',
  'authorized_signer',
] as const;

export function listMissingFields(form: Record<string, unknown>): string[] {
  return dueExpectedFields.filter((key) => {
    const value = form[key];
    return typeof value !== 'string' || value.trim() === '';
  });
}
