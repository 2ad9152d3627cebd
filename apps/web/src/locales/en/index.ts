import type { LocaleBundle, LocaleTree } from '@/lib/i18n';

// The namespaces of this language that any page may need, in one chunk, loaded by lib/i18n.ts
// only when the reader uses this language; a new namespace file is picked up here without
// touching any other module. The namespaces of features that only their own pages use come with
// those pages instead (LAZY_NAMESPACES in lib/i18n.ts; locales.test.ts checks both lists agree).
const modules = import.meta.glob<LocaleTree>(
  [
    './*.json',
    '!./public.json',
    '!./admin.json',
    '!./screening.json',
    '!./news.json',
    '!./profile.json',
    '!./beta.json',
    '!./releases.json',
    '!./support.json',
    '!./auth.json',
    '!./bank.json',
    '!./due.json',
    '!./forms.json',
    '!./legal.json',
  ],
  { eager: true, import: 'default' },
);

const bundle: LocaleBundle = Object.fromEntries(
  Object.entries(modules).map(([path, tree]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), tree]),
);

export default bundle;
