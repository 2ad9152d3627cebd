import type { LocaleBundle, LocaleTree } from '@/lib/i18n';

// Every namespace of this language in one chunk, loaded by lib/i18n.ts only when the reader uses
// this language; a new namespace file is picked up here without touching any other module.
const modules = import.meta.glob<LocaleTree>('./*.json', { eager: true, import: 'default' });

const bundle: LocaleBundle = Object.fromEntries(
  Object.entries(modules).map(([path, tree]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), tree]),
);

export default bundle;
