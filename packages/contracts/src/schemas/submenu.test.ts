import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBMENU_MAX_ITEMS } from '../constants';
import {
  buildSubmenuRoute,
  createSubmenuItem,
  parseSubmenuItem,
  slugify,
  submenuItemSchema,
  submenuStateSchema,
  validateNewSubmenuItem,
  validateSubmenuRename,
  type SubmenuItem,
} from './submenu';

const items = (count: number): SubmenuItem[] =>
  Array.from({ length: count }, (_, index) => ({ id: `id-${index}`, title: `Item ${index}`, type: 'summary' }));

describe('validateNewSubmenuItem', () => {
  it('asks Market Price for a category, News for a section, others for a name', () => {
    expect(validateNewSubmenuItem('marketPrice', { title: 'Mine' }, [])).toBe('CATEGORY_REQUIRED');
    expect(validateNewSubmenuItem('news', { title: 'Mine', category: ' ' }, [])).toBe('SECTION_REQUIRED');
    expect(validateNewSubmenuItem('home', { title: '   ' }, [])).toBe('NAME_REQUIRED');
    expect(validateNewSubmenuItem('bank', { title: ' Cash ' }, [])).toBeNull();
  });

  it('rejects a category outside the parent options', () => {
    expect(validateNewSubmenuItem('marketPrice', { title: 'Jet', category: 'jet' }, [])).toBe('INVALID_CATEGORY');
    expect(validateNewSubmenuItem('news', { title: 'Oil', category: 'oil' }, [])).toBeNull();
  });

  it('refuses a duplicate title ignoring case, spacing and punctuation', () => {
    const existing = [{ id: 'a', title: 'My Summary' }];
    expect(validateNewSubmenuItem('home', { title: '  my   summary ' }, existing)).toBe('DUPLICATE_TITLE');
    expect(validateNewSubmenuItem('home', { title: 'My-Summary!' }, existing)).toBe('DUPLICATE_TITLE');
    expect(validateNewSubmenuItem('home', { title: 'Other' }, existing)).toBeNull();
  });

  it('refuses a duplicate category under parents with categories', () => {
    const existing = [{ id: 'a', title: 'Diesel watch', category: 'diesel' }];
    expect(validateNewSubmenuItem('marketPrice', { title: 'Another', category: 'diesel' }, existing)).toBe(
      'DUPLICATE_CATEGORY',
    );
    expect(validateNewSubmenuItem('marketPrice', { title: 'Another', category: 'gasoline' }, existing)).toBeNull();
  });

  it(`caps a parent at ${SUBMENU_MAX_ITEMS} items`, () => {
    expect(validateNewSubmenuItem('home', { title: 'New' }, items(SUBMENU_MAX_ITEMS - 1))).toBeNull();
    expect(validateNewSubmenuItem('home', { title: 'New' }, items(SUBMENU_MAX_ITEMS))).toBe('LIMIT_REACHED');
  });
});

describe('validateSubmenuRename', () => {
  it('allows keeping the own title and refuses another item title', () => {
    const existing = [
      { id: 'a', title: 'One' },
      { id: 'b', title: 'Two' },
    ];
    expect(validateSubmenuRename('a', 'one', existing)).toBeNull();
    expect(validateSubmenuRename('a', 'Two', existing)).toBe('DUPLICATE_TITLE');
    expect(validateSubmenuRename('a', ' ', existing)).toBe('NAME_REQUIRED');
  });
});

describe('routes', () => {
  it('slugifies accents and punctuation', () => {
    expect(slugify('  Precios de Gasolina: Región Norte! ')).toBe('precios-de-gasolina-region-norte');
  });

  it('uses the category when present, else the title', () => {
    expect(buildSubmenuRoute('marketPrice', { id: '1', title: 'My diesel', category: 'diesel' })).toBe(
      '/marketprice/diesel',
    );
    expect(buildSubmenuRoute('news', { id: '1', title: 'Crude', category: 'oil' })).toBe('/news/oil');
    expect(buildSubmenuRoute('home', { id: '1', title: 'Weekly Summary' })).toBe('/home/weekly-summary');
    expect(buildSubmenuRoute('bank', { id: '1', title: 'Main Account' })).toBe('/bank/main-account');
    expect(buildSubmenuRoute('home', { id: 'x1', title: '¡¡!!' })).toBe('/home/item-x1');
  });

  it('creates items with a trimmed title and the right extra field', () => {
    expect(createSubmenuItem('home', { title: ' A  b ', type: 'create-dashboard' }, 'i')).toEqual({
      id: 'i',
      title: 'A b',
      type: 'create-dashboard',
    });
    expect(createSubmenuItem('news', { title: 'Crude', category: 'oil' }, 'j')).toEqual({
      id: 'j',
      title: 'Crude',
      category: 'oil',
    });
  });

  it('parses a stored state and rejects a malformed one', () => {
    expect(submenuStateSchema.safeParse({ home: [{ id: 'a', title: 'A' }] }).success).toBe(true);
    expect(submenuStateSchema.safeParse({ home: [{ id: 'a' }] }).success).toBe(false);
    expect(submenuStateSchema.safeParse({ wallet: [] }).success).toBe(false);
  });
});

describe('parseSubmenuItem', () => {
  const field = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 4 }),
    fc.constantFrom('', ' ', '  a ', 'summary', 'create-dashboard', 'diesel'),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 }),
  );
  const candidate = fc.oneof(
    fc.record({ id: field, title: field, category: field, type: field, extra: field }, { requiredKeys: [] }),
    fc.anything(),
  );

  it('accepts and outputs what submenuItemSchema does', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const parsed = submenuItemSchema.safeParse(value);
        expect(parseSubmenuItem(value)).toStrictEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2_000 },
    );
  });
});
