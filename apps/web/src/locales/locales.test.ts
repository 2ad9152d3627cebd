import { LANGUAGES, errorCodes } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import { LAZY_NAMESPACES, type LocaleTree } from '@/lib/i18n';
import enBundle from './en/index';
import esBundle from './es/index';

const files = import.meta.glob<LocaleTree>(['./*/*.json', './*/lazy/*.json'], { eager: true, import: 'default' });

function listKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : listKeys(value, `${prefix}${key}.`),
  );
}

function byLanguage(): Map<string, Map<string, LocaleTree>> {
  const result = new Map<string, Map<string, LocaleTree>>();
  for (const [path, tree] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/([^/]+)\/(?:lazy\/)?([^/]+)\.json$/.exec(path) ?? [];
    if (!result.has(language)) result.set(language, new Map());
    result.get(language)!.set(namespace, tree);
  }
  return result;
}

const locales = byLanguage();
const namespaces = [...new Set([...locales.values()].flatMap((files) => [...files.keys()]))].sort();

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(namespaces)('namespace %s has the same keys in every language', (namespace) => {
    const keySets = LANGUAGES.map((language) => {
      const tree = locales.get(language)?.get(namespace);
      expect(tree, `${language}/${namespace}.json is missing`).toBeDefined();
      return new Set(listKeys(tree ?? {}));
    });
    const all = new Set(keySets.flatMap((keys) => [...keys]));
    LANGUAGES.forEach((language, index) => {
      const missing = [...all].filter((key) => !keySets[index].has(key));
      expect(missing, `keys missing in ${language}/${namespace}.json`).toEqual([]);
    });
  });

  it.each(namespaces)('namespace %s has no empty translations', (namespace) => {
    for (const language of LANGUAGES) {
      const tree = locales.get(language)?.get(namespace) ?? {};
      const empty = listKeys(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as LocaleTree)[part], tree);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, `empty values in ${language}/${namespace}.json`).toEqual([]);
    }
  });
});

// Words that are the same in English and Spanish (names, brands, plan names, placeholders).
const SAME_IN_BOTH = new Set([
  'FuelDesk', 'English', 'Español', 'Australia (DFAT)', 'OFAC SDN', 'LinkedIn', 'Twitter', 'Colombia', 'Brent', 'WTI Cushing',
  'Plan', 'Total', 'No', 'Demo', 'Beta', 'Legal', 'Error', 'Local', 'Regional',
  'Starter', 'Pro', 'Enterprise', 'Premium Enterprise',
  'OFAC SDN', 'LLC', 'Plan: {{plan}}', 'Brent–WTI', 'Spot Henry Hub, LA',
  '—', '{{count}} s', '{{language}}', '{{from}} – {{to}}', '{{entry}} ({{list}}, {{score}} %)',
  // US account kinds (bank.accountTypes): names of products and a brand.
  'PayPal', '401(k)', 'IRA',
]);

function valueAt(tree: LocaleTree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as LocaleTree | undefined)?.[part], tree);
}

describe('Spanish texts', () => {
  it.each(namespaces)('namespace %s translates every English text (or lists it as the same word)', (namespace) => {
    const english = locales.get('en')?.get(namespace) ?? {};
    const spanish = locales.get('es')?.get(namespace) ?? {};
    const untranslated = listKeys(english).filter((key) => {
      const value = valueAt(english, key);
      return typeof value === 'string' && value === valueAt(spanish, key) && !SAME_IN_BOTH.has(value);
    });
    expect(untranslated, `es/${namespace}.json still in English`).toEqual([]);
  });

  // Spanish addresses the user as "usted" everywhere (a business product): no "tú" forms.
  const TU_FORMS = /\b(tu|tus|te|ti|contigo|puedes|tienes|quieres|debes|necesitas|olvidaste|inténtalo|ponte|elige|ábrelo|guárdalo|compáralos|escríbenos|cuéntanos)\b/iu;

  it.each(namespaces)('namespace %s says "usted", never "tú"', (namespace) => {
    const spanish = locales.get('es')?.get(namespace) ?? {};
    const familiar = listKeys(spanish).filter((key) => {
      const value = valueAt(spanish, key);
      return typeof value === 'string' && TU_FORMS.test(value);
    });
    expect(familiar.map((key) => `${key}: ${String(valueAt(spanish, key))}`), `es/${namespace}.json uses "tú"`).toEqual([]);
  });
});

// These codes carry a server detail that says more than any fixed text could, so the detail shows.
const CODES_SHOWN_BY_DETAIL = ['BAD_REQUEST', 'CONFLICT', 'IMPORT_REJECTED', 'PROVIDER_ERROR'];

describe('API error codes', () => {
  it('each have a text in every language, except those shown by their detail', () => {
    for (const language of LANGUAGES) {
      const errors = (locales.get(language)?.get('common')?.errors ?? {}) as LocaleTree;
      const missing = errorCodes.filter((code) => !CODES_SHOWN_BY_DETAIL.includes(code) && typeof errors[code] !== 'string');
      expect(missing, `errors.<CODE> missing in ${language}/common.json`).toEqual([]);
    }
  });
});

describe('language chunks', () => {
  it('carry every namespace but the feature ones fetched with their pages, which are exactly those under lazy/', () => {
    const core = namespaces.filter((namespace) => !(LAZY_NAMESPACES as readonly string[]).includes(namespace));
    for (const bundle of [enBundle, esBundle]) expect(Object.keys(bundle).sort()).toEqual(core);
    for (const language of LANGUAGES) {
      const lazy = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/lazy/`))
        .map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'));
      expect(lazy.sort(), language).toEqual([...LAZY_NAMESPACES].sort());
    }
  });
});
