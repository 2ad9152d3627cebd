import type { Language } from '@fueldesk/contracts';

export type LocaleTree = { [key: string]: string | LocaleTree };
/** One language's texts: namespace -> tree. */
export type LocaleBundle = Record<string, LocaleTree>;

/**
 * The namespaces of a language's eager glob (`./<namespace>.json` -> tree), by namespace: what each
 * locales/<lng>/index.ts exports.
 */
export function bundleOfTexts(modules: Record<string, unknown>): LocaleBundle {
  return Object.fromEntries(Object.entries(modules).map(([path, tree]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), tree as LocaleTree]));
}

// One chunk per language (locales/<lng>/index.ts gathers its namespace files): a reader downloads
// only the texts of the language the page is shown in, about 20 KiB compressed, not every language's.
// Apart from lib/i18n.ts so that the entry script can start the download (app/early-start.ts).
export const textBundleLoaders: Record<Language, () => Promise<{ default: LocaleBundle }>> = {
  en: () => import('../locales/en/index'),
  es: () => import('../locales/es/index'),
};

/**
 * The feature namespaces' texts (lib/i18n.ts LAZY_NAMESPACES), one JSON chunk each, by
 * `../locales/<lng>/lazy/<namespace>.json`. Apart from lib/i18n.ts, like the language chunks above,
 * so that the entry script can start their download with the page's code (app/early-start.ts).
 */
export const lazyTextLoaders = import.meta.glob<LocaleTree>('../locales/*/lazy/*.json', { import: 'default' });
