import { DASHBOARD_MAX_PRODUCTS, priceCategories, type Product } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductLabels } from '../lib/product-labels';
import { Input } from '@/components/ui/controls';

interface ProductPickerProps {
  products: Product[];
  selected: string[];
  onChange: (codes: string[]) => void;
  /** DASHBOARD_MAX_PRODUCTS on dashboards; the comparison chart allows more. */
  max?: number;
  /** i18n key of the text that explains the limit. */
  limitKey?: string;
}

/**
 * Checkboxes grouped by category. The limit is stated up front; choosing one more than allowed is
 * refused with a message and the choice is left as it was.
 */
export function ProductPicker({ products, selected, onChange, max = DASHBOARD_MAX_PRODUCTS, limitKey = 'picker.limit' }: ProductPickerProps) {
  const { t } = useTranslation('prices');
  const labels = useProductLabels();
  const [refused, setRefused] = useState<string | null>(null);

  const toggle = (code: string) => {
    if (selected.includes(code)) {
      setRefused(null);
      onChange(selected.filter((item) => item !== code));
      return;
    }
    if (selected.length >= max) {
      const product = products.find((item) => item.code === code);
      setRefused(t('picker.refused', { max, name: product?.name ?? code }));
      return;
    }
    setRefused(null);
    onChange([...selected, code]);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm text-slate-700 dark:text-slate-300">
        {t(limitKey, { max })} <strong className="font-semibold">{t('picker.count', { count: selected.length, max })}</strong>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {priceCategories.map((category) => {
          const inCategory = products.filter((product) => product.category === category);
          if (inCategory.length === 0) return null;
          return (
            <div key={category} className="flex flex-col gap-1">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t(`categories.${category}`)}</span>
              {inCategory.map((product) => (
                <label key={product.code} className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-0.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                  <Input
                    type="checkbox"
                    className="size-4 accent-amber-500"
                    checked={selected.includes(product.code)}
                    onChange={() => toggle(product.code)}
                  />
                  <span>{labels.name(product.code, product.name, product.name_es)}</span>
                </label>
              ))}
            </div>
          );
        })}
      </div>
      <div className="min-h-5">
        {refused ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {refused}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
