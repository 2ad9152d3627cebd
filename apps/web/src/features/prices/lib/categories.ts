import { priceCategories, type PriceCategory } from '@fueldesk/contracts';

export function isPriceCategory(value: string | null | undefined): value is PriceCategory {
  return (priceCategories as readonly string[]).includes(value ?? '');
}

/** Line colours of the charts, in product order; readable on light and dark backgrounds. */
export const SERIES_COLORS = ['#f59e0b', '#3b82f6', '#10b981', '#ef4444', '#8b5cf6', '#06b6d4', '#ec4899', '#84cc16', '#f97316', '#64748b'];
