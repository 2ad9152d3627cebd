import { SUBMENU_MAX_ITEMS } from '../constants';
import type { SubmenuItem } from './submenu';

// The sub-item rules without zod (re-exported by submenu.ts): the sidebar of every dashboard page
// uses them, and would otherwise load the schema library for them.

/** Sidebar parents under which a user may add custom sub-items (SPEC.md §2). */
export const submenuParents = ['home', 'news', 'marketPrice', 'bank'] as const;
export type SubmenuParent = (typeof submenuParents)[number];

export const marketPriceCategories = ['diesel', 'gasoline'] as const;
export const newsSections = ['oil', 'market', 'regulation'] as const;
export const submenuItemTypes = ['summary', 'create-dashboard'] as const;
export type SubmenuItemType = (typeof submenuItemTypes)[number];

export const submenuParentRoutes: Record<SubmenuParent, string> = {
  home: '/home',
  news: '/news',
  marketPrice: '/marketprice',
  bank: '/bank',
};

export type SubmenuErrorCode =
  | 'NAME_REQUIRED'
  | 'CATEGORY_REQUIRED'
  | 'SECTION_REQUIRED'
  | 'INVALID_CATEGORY'
  | 'DUPLICATE_TITLE'
  | 'DUPLICATE_CATEGORY'
  | 'LIMIT_REACHED';

export type SubmenuCategoryField = 'category' | 'section';

/** Which extra choice the add dialog asks for under a parent, if any. */
export function getSubmenuCategoryField(parent: SubmenuParent): SubmenuCategoryField | null {
  if (parent === 'marketPrice') return 'category';
  if (parent === 'news') return 'section';
  return null;
}

export function getSubmenuCategoryOptions(parent: SubmenuParent): readonly string[] {
  if (parent === 'marketPrice') return marketPriceCategories;
  if (parent === 'news') return newsSections;
  return [];
}

export interface SubmenuDraft {
  title: string;
  category?: string | null;
  type?: SubmenuItemType | null;
}

export function normalizeSubmenuTitle(title: string): string {
  return title.trim().replace(/\s+/g, ' ');
}

/** Lower-case, accents dropped, anything but letters and digits collapsed to single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Two titles that differ only in case or punctuation would share a route, so they count as one.
function isSameTitle(a: string, b: string): boolean {
  const left = normalizeSubmenuTitle(a).toLowerCase();
  const right = normalizeSubmenuTitle(b).toLowerCase();
  if (left === right) return true;
  const leftSlug = slugify(left);
  return leftSlug !== '' && leftSlug === slugify(right);
}

function validateTitle(title: string, existing: readonly SubmenuItem[], ignoreId?: string): SubmenuErrorCode | null {
  if (normalizeSubmenuTitle(title) === '') return 'NAME_REQUIRED';
  const duplicate = existing.some((item) => item.id !== ignoreId && isSameTitle(item.title, title));
  return duplicate ? 'DUPLICATE_TITLE' : null;
}

/** SPEC.md §5 rules for the add-subitem dialog; returns the first broken rule or null. */
export function validateNewSubmenuItem(
  parent: SubmenuParent,
  draft: SubmenuDraft,
  existing: readonly SubmenuItem[],
): SubmenuErrorCode | null {
  if (existing.length >= SUBMENU_MAX_ITEMS) return 'LIMIT_REACHED';
  const field = getSubmenuCategoryField(parent);
  if (field) {
    const category = draft.category?.trim() ?? '';
    if (category === '') return field === 'category' ? 'CATEGORY_REQUIRED' : 'SECTION_REQUIRED';
    if (!getSubmenuCategoryOptions(parent).includes(category)) return 'INVALID_CATEGORY';
  }
  const titleError = validateTitle(draft.title, existing);
  if (titleError) return titleError;
  if (field && existing.some((item) => item.category === draft.category?.trim())) return 'DUPLICATE_CATEGORY';
  return null;
}

export function validateSubmenuRename(
  itemId: string,
  title: string,
  existing: readonly SubmenuItem[],
): SubmenuErrorCode | null {
  return validateTitle(title, existing, itemId);
}

/** Builds the stored item from a draft that passed validation. */
export function createSubmenuItem(parent: SubmenuParent, draft: SubmenuDraft, id: string): SubmenuItem {
  const item: SubmenuItem = { id, title: normalizeSubmenuTitle(draft.title) };
  if (getSubmenuCategoryField(parent)) {
    item.category = draft.category?.trim();
  } else {
    item.type = draft.type ?? 'summary';
  }
  return item;
}

/** Parent route plus the slug of the category when there is one, else of the title. */
export function buildSubmenuRoute(parent: SubmenuParent, item: Pick<SubmenuItem, 'id' | 'title' | 'category'>): string {
  const slug = slugify(item.category ?? item.title) || `item-${slugify(item.id) || 'custom'}`;
  return `${submenuParentRoutes[parent]}/${slug}`;
}

/**
 * submenuItemSchema.safeParse(value), without zod: the item as the schema outputs it (known keys
 * only, the title trimmed), or null where the schema refuses it. Equal to the schema by a property
 * test (submenu.test.ts).
 */
export function parseSubmenuItem(value: unknown): SubmenuItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, title, category, type } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length < 1) return null;
  if (typeof title !== 'string' || title.trim().length < 1) return null;
  if (category !== undefined && (typeof category !== 'string' || category.length < 1)) return null;
  if (type !== undefined && !(submenuItemTypes as readonly unknown[]).includes(type)) return null;
  const item: SubmenuItem = { id, title: title.trim() };
  if ('category' in value) item.category = category as string | undefined;
  if ('type' in value) item.type = type as SubmenuItemType | undefined;
  return item;
}
