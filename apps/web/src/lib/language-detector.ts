import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { readString } from './storage';

/** Also the key the app stores the reader's choice under (lib/i18n.ts LANGUAGE_STORAGE_KEY). */
export const LOOKUP_STORAGE = 'i18nextLng';

const options: DetectorOptions = {
  // SPEC.md §9: query string (?lng=), cookie (i18next), localStorage, sessionStorage, the browser's
  // languages, <html lang>. i18next picks the first supported one, or the fallback.
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupLocalStorage: LOOKUP_STORAGE,
  lookupSessionStorage: LOOKUP_STORAGE,
  // Caches nothing: i18next would store the language each time one is applied, also after the async
  // load of a page's texts, over a language the reader chose since in another tab. lib/i18n.ts
  // stores it at the moments it is chosen or detected.
  caches: [],
};

/** For i18next.use(): the library's detector in SPEC.md §9's order. */
export const languageDetector = new LanguageDetector(undefined, options);

// With languageUtils, detect() returns every candidate instead of the first one.
const guesser = new LanguageDetector({ languageUtils: { getBestMatchFromCodes: () => undefined } }, options).addDetector({
  name: 'storedChoice',
  lookup: () => readString('local', LOOKUP_STORAGE) ?? undefined,
});

/**
 * The same list, cheaper and as a guess (app/early-start.ts): no cookie read and no storage probe,
 * each a synchronous trip to the browser's other processes on first use. The app never sets the
 * i18next cookie, so the guess differs only where someone else did.
 */
export function guessLanguageCodes(): string[] {
  const found = guesser.detect(['querystring', 'storedChoice', 'navigator', 'htmlTag']);
  return Array.isArray(found) ? found : found ? [found] : [];
}
