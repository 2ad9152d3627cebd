import { editableProductCategories, type AdminProduct, type CreateProductBody, type UpdateProductBody } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog, Dialog, DialogActions } from '@/components/ui/dialog';
import { FormOutcome, SelectField, TextField } from '@/components/ui/form-field';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useAdminProducts, useChangeProduct } from '../api/admin-products';

interface ProductInput {
  code: string;
  kind: 'spot' | 'futures';
  name: string;
  name_es: string;
  description: string;
  category: string;
  unit: string;
  currency: string;
  delivery_mode: string;
  location: string;
  decimal_places: string;
  eia_series_id: string;
  /** Contract series, comma separated, contract 1 first. */
  futures_series_ids: string;
}

const fieldNames = ['code', 'kind', 'name', 'name_es', 'description', 'category', 'unit', 'currency', 'delivery_mode', 'location', 'decimal_places', 'eia_series_id', 'futures_series_ids'] as const;

const emptyInput: ProductInput = {
  code: '',
  kind: 'spot',
  name: '',
  name_es: '',
  description: '',
  category: 'crude',
  unit: 'bbl',
  currency: 'USD',
  delivery_mode: 'Spot',
  location: '',
  decimal_places: '2',
  eia_series_id: '',
  futures_series_ids: '',
};

function inputOf(product: AdminProduct): ProductInput {
  return {
    code: product.code,
    kind: product.kind === 'futures' ? 'futures' : 'spot',
    name: product.name,
    name_es: product.name_es ?? '',
    description: product.description,
    category: product.category,
    unit: product.unit,
    currency: product.currency,
    delivery_mode: product.delivery_mode,
    location: product.location,
    decimal_places: String(product.decimal_places),
    eia_series_id: product.eia_series_id ?? '',
    futures_series_ids: product.futures_series_ids.join(', '),
  };
}

/** The form's text as the API's body: the server checks every field and answers per field. */
function bodyOf(values: ProductInput) {
  const series = values.futures_series_ids
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  return {
    name: values.name,
    name_es: values.name_es,
    description: values.description,
    category: values.category,
    unit: values.unit,
    currency: values.currency,
    delivery_mode: values.delivery_mode,
    location: values.location,
    decimal_places: /^\d+$/.test(values.decimal_places.trim()) ? Number(values.decimal_places) : values.decimal_places,
    eia_series_id: values.kind === 'spot' ? values.eia_series_id : null,
    futures_series_ids: values.kind === 'futures' ? series : [],
  };
}

/** Add or edit one product (a spread: its names, description, delivery and decimals only). */
function ProductForm({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const change = useChangeProduct();
  const spread = product?.kind === 'spread';
  const form = useSubmitForm<ProductInput>({
    emptyValues: product ? inputOf(product) : emptyInput,
    mode: 'onSubmit',
    keepValues: true,
    fieldNames,
    submit: async (values) => {
      const body = bodyOf(values);
      if (product) {
        const { category, eia_series_id, futures_series_ids, ...common } = body;
        const update = spread ? common : { ...common, category, ...(product.kind === 'spot' ? { eia_series_id } : { futures_series_ids }) };
        await change.mutateAsync({ kind: 'update', code: product.code, body: update as UpdateProductBody });
        toast.success(t('products.saved', { code: product.code }));
      } else {
        await change.mutateAsync({ kind: 'create', body: { ...body, code: values.code, kind: values.kind } as CreateProductBody });
        toast.success(t('products.added', { code: values.code.toUpperCase() }));
      }
      onDone();
    },
  });
  const { field, onSubmit } = form;
  const kind = form.watch('kind');

  const failure = change.isError && !(isApiError(change.error) && change.error.fields) ? resolveErrorMessage(change.error) : null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto pr-1">
      {product ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField required autoComplete="off" label={t('products.code')} hint={t('products.codeHint')} {...field('code')} />
          <SelectField
            required
            label={t('products.kind')}
            options={(['spot', 'futures'] as const).map((value) => ({ value, label: t(`products.kinds.${value}`) }))}
            {...field('kind')}
          />
        </div>
      )}
      <TextField required label={t('products.nameEn')} {...field('name')} />
      <TextField required label={t('products.nameEs')} {...field('name_es')} />
      <TextField optional label={t('products.description')} {...field('description')} />
      <div className="grid gap-3 sm:grid-cols-2">
        {spread ? null : (
          <SelectField
            required
            label={t('products.category')}
            options={editableProductCategories.map((value) => ({ value, label: t(`products.categories.${value}`) }))}
            {...field('category')}
          />
        )}
        <TextField required label={t('products.unit')} hint={t('products.unitHint')} {...field('unit')} />
        <TextField required label={t('products.currency')} {...field('currency')} />
        <TextField required inputMode="numeric" label={t('products.decimals')} {...field('decimal_places')} />
        <TextField required label={t('products.delivery')} {...field('delivery_mode')} />
        <TextField required label={t('products.location')} {...field('location')} />
      </div>
      {spread ? null : kind === 'futures' || product?.kind === 'futures' ? (
        <TextField required autoComplete="off" label={t('products.contracts')} hint={t('products.contractsHint')} {...field('futures_series_ids')} />
      ) : (
        <TextField optional autoComplete="off" label={t('products.series')} hint={t('products.seriesHint')} {...field('eia_series_id')} />
      )}
      {failure ? <FormOutcome kind="error">{failure}</FormOutcome> : null}
      <DialogActions cancelLabel={t('cancel')} onCancel={onDone} actionLabel={product ? t('products.save') : t('products.add')} busy={change.isPending} />
    </form>
  );
}

/**
 * Products without migrations: add, edit, retire and bring back. Every instance and every open
 * browser sees a change at once (the server announces it as `prices_updated`).
 */
export function ProductsPanel() {
  const { t, i18n } = useTranslation('admin');
  const baseId = useId();
  const query = useAdminProducts();
  const change = useChangeProduct();
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminProduct | null>(null);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const spanish = i18n.language.startsWith('es');

  const setRetired = async (product: AdminProduct, kind: 'retire' | 'reinstate') => {
    try {
      await change.mutateAsync({ kind, code: product.code });
      toast.success(t(kind === 'retire' ? 'products.retired' : 'products.reinstated', { code: product.code }));
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    } finally {
      setRetiring(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={`${baseId}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t('products.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('products.intro')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>{t('products.add')}</Button>
      </div>
      <DataTable<AdminProduct>
        query={query}
        rows={query.data?.products ?? []}
        rowKey={(row) => row.id}
        caption={t('products.caption')}
        minWidthClass="min-w-[52rem]"
        errorTitle={t('products.failed')}
        retryLabel={t('retry')}
        emptyText={t('products.empty')}
        columns={[
          {
            key: 'product',
            header: t('products.product'),
            className: 'min-w-[14rem]',
            cell: (row) => (
              <>
                <p className="font-medium break-words text-slate-900 dark:text-slate-100">{spanish && row.name_es ? row.name_es : row.name}</p>
                <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{row.code}</p>
              </>
            ),
          },
          { key: 'category', header: t('products.category'), cell: (row) => t(`products.categories.${row.category}`) },
          { key: 'kind', header: t('products.kind'), cell: (row) => t(`products.kinds.${row.kind}`) },
          { key: 'units', header: t('products.unit'), className: 'whitespace-nowrap', cell: (row) => `${row.currency}/${row.unit} · ${row.decimal_places}` },
          {
            key: 'series',
            header: t('products.seriesShort'),
            className: 'max-w-[14rem] font-mono text-xs break-words',
            cell: (row) => row.formula ?? ([row.eia_series_id, ...row.futures_series_ids].filter(Boolean).join(', ') || '—'),
          },
          {
            key: 'values',
            header: t('products.values'),
            className: 'text-right tabular-nums whitespace-nowrap',
            cell: (row) => (row.kind === 'spread' ? t('products.derived') : `${numberFormat.format(row.points)}${row.last_date ? ` · ${row.last_date}` : ''}`),
          },
          {
            key: 'status',
            header: t('products.status'),
            cell: (row) =>
              row.active ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">{t('products.active')}</span>
              ) : (
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">{t('products.retiredBadge')}</span>
              ),
          },
          {
            key: 'actions',
            header: t('sessions.actions'),
            hiddenHeader: true,
            cell: (row) => (
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(row)} aria-label={t('products.editFor', { code: row.code })}>
                  {t('products.edit')}
                </Button>
                {row.active ? (
                  <Button variant="ghost" onClick={() => setRetiring(row)} aria-label={t('products.retireFor', { code: row.code })}>
                    {t('products.retire')}
                  </Button>
                ) : (
                  <Button variant="ghost" disabled={change.isPending} onClick={() => void setRetired(row, 'reinstate')} aria-label={t('products.reinstateFor', { code: row.code })}>
                    {t('products.reinstate')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('products.addTitle') : t('products.editTitle', { code: editing?.code ?? '' })}
      >
        {editing !== null ? <ProductForm key={editing === 'new' ? 'new' : editing.code} product={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={retiring !== null}
        title={t('products.retireTitle', { code: retiring?.code ?? '' })}
        description={t('products.retireText')}
        confirmLabel={t('products.retire')}
        cancelLabel={t('cancel')}
        busy={change.isPending}
        onConfirm={() => retiring && void setRetired(retiring, 'retire')}
        onCancel={() => setRetiring(null)}
      />
    </section>
  );
}
