import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@fueldesk/contracts';
import i18n, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export type LocaleTree = { [key: string]: string | LocaleTree };

// One JSON file per namespace and language, bundled statically so that no request can fail and
// every feature adds its own file without touching this module.
const localeModules = import.meta.glob<LocaleTree>('../locales/*/*.json', { eager: true, import: 'default' });

export const DEFAULT_NAMESPACE = 'common';

/** Turns `../locales/<lng>/<ns>.json` modules into an i18next resource object. */
export function buildResources(modules: Record<string, LocaleTree>): Resource {
  const resources: Resource = {};
  for (const [path, tree] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = tree;
  }
  return resources;
}

export const resources = buildResources(localeModules);
export const namespaces = [...new Set(Object.values(resources).flatMap((bundle) => Object.keys(bundle)))];

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      caches: ['localStorage'],
    },
  });

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

syncDocumentLanguage(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', syncDocumentLanguage);

export function getCurrentLanguage(): Language {
  const current = i18n.resolvedLanguage;
  return (LANGUAGES as readonly string[]).includes(current ?? '') ? (current as Language) : FALLBACK_LANGUAGE;
}

/** Switches the language; the detector caches the choice in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

export default i18n;
