import { bundleOfTexts } from '@/lib/text-bundles';

// This language's namespaces that any page may need, in one chunk that lib/i18n.ts loads only when
// the reader uses this language; a new namespace file here is picked up without touching any other
// module. The feature namespaces under lazy/ come with their pages instead (LAZY_NAMESPACES).
export default bundleOfTexts(import.meta.glob('./*.json', { eager: true, import: 'default' }));
