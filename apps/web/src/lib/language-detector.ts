import type { LanguageDetectorModule } from 'i18next';
import { readString } from './storage';

/**
 * The reader's language candidates, in the order i18next-browser-languagedetector read them with the
 * app's configuration (order querystring, cookie, localStorage, sessionStorage, navigator, htmlTag;
 * its default keys; caches: []), in less of the code every page loads. i18next picks the first
 * supported one (or the fallback) from this list, as it did from the detector's.
 */
export const LOOKUP_QUERYSTRING = 'lng';
export const LOOKUP_COOKIE = 'i18next';
/** Also the key the app stores the reader's choice under (lib/i18n.ts LANGUAGE_STORAGE_KEY). */
export const LOOKUP_STORAGE = 'i18nextLng';

/** The address's ?lng= (the last one), or the hash's when the address has no query (#/x?lng=es). */
function fromQuerystring(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  let { search } = window.location;
  const { hash } = window.location;
  if (!search && hash.includes('?')) search = hash.slice(hash.indexOf('?'));
  let found: string | undefined;
  for (const param of search.slice(1).split('&')) {
    const pos = param.indexOf('=');
    if (pos > 0 && param.slice(0, pos) === LOOKUP_QUERYSTRING) found = param.slice(pos + 1);
  }
  return found;
}

function fromCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  let cookies: string;
  try {
    cookies = document.cookie; // throws in some sandboxed frames
  } catch {
    return undefined;
  }
  const prefix = `${LOOKUP_COOKIE}=`;
  for (const part of cookies.split(';')) {
    const cookie = part.replace(/^ +/, '');
    if (cookie.startsWith(prefix)) return cookie.slice(prefix.length) || undefined;
  }
  return undefined;
}

/** The storages that took the probe's write: as the detector did, each is probed once per page. */
const writableStorages = new Set<'localStorage' | 'sessionStorage'>();

/**
 * As the detector did: a storage that cannot take a write (disabled, or full) is not read either.
 * The probe key is the detector's.
 */
function fromStorage(name: 'localStorage' | 'sessionStorage'): string | undefined {
  try {
    if (typeof window === 'undefined' || window[name] === null) return undefined;
    const storage = window[name];
    if (!writableStorages.has(name)) {
      storage.setItem('i18next.translate.boo', 'foo');
      storage.removeItem('i18next.translate.boo');
      writableStorages.add(name);
    }
    return storage.getItem(LOOKUP_STORAGE) || undefined;
  } catch {
    return undefined;
  }
}

function fromNavigator(): string[] {
  if (typeof navigator === 'undefined') return [];
  const { languages, language } = navigator;
  const { userLanguage } = navigator as Navigator & { userLanguage?: string };
  return [...(languages ?? []), ...(userLanguage ? [userLanguage] : []), ...(language ? [language] : [])];
}

/**
 * The detector's filter (isSafeLanguageCode): letters, digits, `-`, `_`, `@`, `.` (no `..`), at most
 * 128 characters, no prototype key. Markup or quotes from the address never become a language.
 */
function isSafeLanguageCode(code: string): boolean {
  return /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..') && !['__proto__', 'constructor', 'prototype'].includes(code);
}

function fromHtmlTag(): string | undefined {
  return typeof document === 'undefined' ? undefined : (document.documentElement.getAttribute('lang') ?? undefined);
}

function safeCodes(found: readonly (string | undefined)[]): string[] {
  return found.filter((code): code is string => typeof code === 'string' && code !== '' && isSafeLanguageCode(code));
}

/** Every language the browser offers, first the reader's explicit choices, then its settings. */
export function detectLanguageCodes(): string[] {
  return safeCodes([fromQuerystring(), fromCookie(), fromStorage('localStorage'), fromStorage('sessionStorage'), ...fromNavigator(), fromHtmlTag()]);
}

/**
 * The same list, cheaper and as a guess (app/early-start.ts): no cookie read and no storage probe,
 * each a synchronous trip to the browser's other processes on first use (slow on a slow
 * machine). The app never sets the i18next cookie, so the guess differs only where someone else did.
 */
export function guessLanguageCodes(): string[] {
  return safeCodes([fromQuerystring(), readString('local', LOOKUP_STORAGE) ?? undefined, ...fromNavigator(), fromHtmlTag()]);
}

/** For i18next.use(): detects, caches nothing (lib/i18n.ts stores the language when it is chosen). */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguageCodes,
  cacheUserLanguage: () => undefined,
};
