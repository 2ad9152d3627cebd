import { englishMessages, FALLBACK_LANGUAGE, LANGUAGES, type Language, type MessageTree } from '@fueldesk/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOOKUP_STORAGE, languageDetector } from './language-detector';
import { lazyTextLoaders, textBundleLoaders } from './text-bundles';

export type { LocaleBundle, LocaleTree } from './text-bundles';

export const DEFAULT_NAMESPACE = 'common';

/**
 * Namespaces of features that only their own pages use: not in the language chunk every page
 * loads, but fetched with those pages (withTexts below, in app/router.tsx): locales/<lng>/lazy/ holds
 * exactly these (locales.test.ts).
 */
export const LAZY_NAMESPACES = [
  'public',
  'admin',
  'screening',
  'news',
  'profile',
  'beta',
  'releases',
  'support',
  'developers',
  // The sign-in, bank and due-diligence pages' texts (~2 KiB compressed each): the signed-in home
  'alerts',
  'webhooks',
  // The sign-in, bank and due-diligence pages' texts: the signed-in home
  // shows none of them. What the app shell and the dashboard layout show of them (the session
  // overlays, the report and invitation notifications) is in the 'shell' namespace.
  'auth',
  'bank',
  'due',
  // The form messages and the legal pages' texts: /home shows no form and no policy.
  'forms',
  'legal',
  // The sanctions lists' freshness and upload: the screening, admin and report pages.
  'lists',
  // Decisions on matches and the audit trail (issue 30): the screening, report, decisions and audit pages.
  'decisions',
  // Spreads, forward curves and the data desk's uploads.
  'analytics',
  // The counterparty watchlist (issue 31): its page and the Watch buttons.
  'watchlist',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

const lazyLoaders = lazyTextLoaders;

const loading = new Map<Language, Promise<void>>();
const loadingNamespaces = new Map<string, Promise<void>>();

/** The namespace holding contracts' message catalogs: `t('forms.required', { ns: MESSAGES_NAMESPACE })`. */
export const MESSAGES_NAMESPACE = 'messages';

/** Contracts' messages of one language: English comes with contracts, Spanish in its own chunk. */
const messageLoaders: Record<Language, () => Promise<MessageTree>> = {
  en: () => Promise.resolve(englishMessages),
  es: () => import('@fueldesk/contracts/messages-es').then((module) => module.spanishMessages),
};

/** Fetches the texts every page may need, of one language, into i18next (once). */
function loadCoreTexts(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([textBundleLoaders[language](), messageLoaders[language]()]).then(([module, messages]) => {
      for (const [namespace, tree] of Object.entries(module.default)) i18n.addResourceBundle(language, namespace, tree, true, true);
      i18n.addResourceBundle(language, MESSAGES_NAMESPACE, messages, true, true);
    });
    // A failed fetch (link dropped) may be tried again on the next call.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Fetches one feature namespace of one language into i18next (once). */
function loadNamespace(language: Language, namespace: LazyNamespace): Promise<void> {
  const key = `${language}/${namespace}`;
  let pending = loadingNamespaces.get(key);
  if (!pending) {
    const loader = lazyLoaders[`../locales/${language}/lazy/${namespace}.json`];
    if (!loader) return Promise.reject(new Error(`No texts for ${key}`));
    pending = loader().then((tree) => {
      i18n.addResourceBundle(language, namespace, tree, true, true);
    });
    pending.catch(() => loadingNamespaces.delete(key));
    loadingNamespaces.set(key, pending);
  }
  return pending;
}

/** Fetches all of one language's texts into i18next (once); resolves when they can be rendered. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadCoreTexts(language), ...LAZY_NAMESPACES.map((namespace) => loadNamespace(language, namespace))]);
}

/** Feature namespaces pages have asked for: a language switch loads them too, before switching. */
const wantedNamespaces = new Set<LazyNamespace>();
/** The language last asked for (being loaded or shown); null before the first. */
let targetLanguage: Language | null = null;

/**
 * Fetches a feature's texts for the language the page is (or is about to be) shown in; resolves
 * when they can be rendered. Route loaders await it with the page's code.
 */
export async function loadTexts(namespace: LazyNamespace): Promise<void> {
  wantedNamespaces.add(namespace);
  const languages = new Set<Language>([targetLanguage ?? detectedLanguage()]);
  // During a switch the page may still render once in the language shown until then.
  const shown = i18n.resolvedLanguage as Language | undefined;
  if (shown && loading.has(shown)) languages.add(shown);
  await Promise.all([...languages].map((language) => loadNamespace(language, namespace)));
}

/**
 * Fetches feature namespaces of a language that may not be the one shown (a due-diligence report
 * keeps the language it was created in): resolves when `useTranslation(namespace, { lng })` can
 * render them. Nothing is switched.
 */
export async function loadTextsIn(language: Language, namespaces: readonly LazyNamespace[]): Promise<void> {
  await Promise.all(namespaces.map((namespace) => loadNamespace(language, namespace)));
}

/**
 * A page's code together with the texts of its feature (LAZY_NAMESPACES), which the language chunk
 * every page loads does not carry: the route (or lazy component) resolves when both are here.
 */
export function withTexts<M>(namespaces: LazyNamespace | readonly LazyNamespace[], load: () => Promise<M>): () => Promise<M> {
  const wanted: readonly LazyNamespace[] = typeof namespaces === 'string' ? [namespaces] : namespaces;
  return () => Promise.all([load(), ...wanted.map((namespace) => loadTexts(namespace))]).then(([module]) => module);
}

void i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    // The texts arrive per language through loadLanguage (startApp waits for them before the first
    // render); fallbackLng is not loaded for another language, as every language has every key
    // (locales/locales.test.ts).
    resources: {},
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    // languageDetector (lib/language-detector.ts: i18next-browser-languagedetector in SPEC.md §9's
    // order) caches nothing; rememberLanguage stores the language when it is chosen or detected.
  });

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Where the reader's language is kept across visits and tabs (the detector's localStorage key). */
export const LANGUAGE_STORAGE_KEY = LOOKUP_STORAGE;

/** Stores the language as the reader's choice. Synchronous: call it when the language is chosen, not after a load. */
function rememberLanguage(language: Language): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled or full: the choice holds for this page only.
  }
}

/** The supported language the detector chose (cookie, storage, browser), loaded or not yet. */
export function detectedLanguage(): Language {
  const supported = LANGUAGES as readonly string[];
  return (i18n.languages.find((code) => supported.includes(code)) as Language | undefined) ?? FALLBACK_LANGUAGE;
}

/** Increases with each language asked for: a load that finishes after a later request is not applied. */
let requested = 0;

/** Loads a language's texts and makes it current, unless another language was asked for meanwhile. */
async function applyLanguage(language: Language): Promise<void> {
  const request = ++requested;
  targetLanguage = language;
  await Promise.all([loadCoreTexts(language), ...[...wantedNamespaces].map((namespace) => loadNamespace(language, namespace))]);
  if (request === requested) await i18n.changeLanguage(language);
}

/**
 * Loads the detected language's texts and makes it the current language: await before rendering.
 * Stores nothing: the detection was stored when it was made (below), and by the time the texts
 * arrive the reader may have chosen another language, in this tab or another one.
 */
export async function initLanguage(): Promise<Language> {
  const language = detectedLanguage();
  await applyLanguage(language);
  return language;
}

// As the detector's cache did at init, in the same task as the detection: a language that came from
// the query string or the browser is kept for the next visit.
rememberLanguage(detectedLanguage());
syncDocumentLanguage(detectedLanguage());
i18n.on('languageChanged', syncDocumentLanguage);

export function getCurrentLanguage(): Language {
  const current = i18n.resolvedLanguage;
  return (LANGUAGES as readonly string[]).includes(current ?? '') ? (current as Language) : FALLBACK_LANGUAGE;
}

/** Switches to the reader's choice, stored at once (before its texts load), so that a later choice wins. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await applyLanguage(language);
}

export default i18n;
