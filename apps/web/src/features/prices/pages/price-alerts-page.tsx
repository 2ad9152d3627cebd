import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRICE_ALERT_LIMIT,
  createPriceAlertBodySchema,
  priceAlertConditions,
  type CreatePriceAlertBody,
  type CreatePriceAlertInput,
  type PriceAlert,
} from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { CheckboxGroup, FormSubmit, SelectField, TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { resolveErrorMessage } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { submitOutcome, useSubmitForm } from '@/lib/use-submit-form';
import { productsQueryOptions, useProducts } from '../api/get-products';
import { useProductLabels } from '../lib/product-labels';
import {
  priceAlertsQueryOptions,
  useCreatePriceAlert,
  useDeletePriceAlert,
  usePriceAlertEvents,
  usePriceAlerts,
  useUpdatePriceAlert,
} from '../api/price-alerts';

/** The channels an alert can use (the webhooks themselves are set up on /webhooks). */
const pageChannels = ['panel', 'email', 'webhook'] as const;
const fieldNames = ['product_code', 'condition', 'value', 'channels'] as const;

function formatNumber(value: string | null, language: string): string {
  if (value === null) return '—';
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(number);
}

/** The form waits for the product list, so that a product given by `?product=` is there to be chosen. */
function AlertFormLoader({ initialProduct }: { initialProduct: string }) {
  const { t } = useTranslation('alerts');
  const products = useProducts();
  const labels = useProductLabels();
  return (
    <QueryState query={products} size="md" loadingText={t('form.loadingProducts')} errorTitle={t('form.productsError')} retryLabel={t('retry')}>
      {(data) => {
        // Spreads too (evaluated when a leg's price is stored), and futures (on their contract 1), said so in the choice itself.
        const options = data.products.map((product) => {
          const name = labels.name(product.code, product.name, product.name_es);
          const label =
            product.kind === 'spread'
              ? t('form.spreadOption', { name, code: product.code })
              : product.kind === 'futures'
                ? t('form.futuresOption', { name, code: product.code })
                : `${name} (${product.code})`;
          return { value: product.code, label };
        });
        const known = options.some((option) => option.value === initialProduct);
        return <AlertForm productOptions={options} initialProduct={known ? initialProduct : ''} />;
      }}
    </QueryState>
  );
}

function AlertForm({ initialProduct, productOptions }: { initialProduct: string; productOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation(['alerts', 'forms']);
  const baseId = useId();
  const mutation = useCreatePriceAlert();
  const emptyValues = { product_code: initialProduct, condition: 'above', value: '', channels: ['panel'] } as unknown as CreatePriceAlertBody;
  const { onSubmit, field, register, formState } = useSubmitForm<CreatePriceAlertBody, CreatePriceAlertInput>({
    resolver: zodResolver(createPriceAlertBodySchema),
    emptyValues,
    fieldNames,
    submit: (values) => mutation.mutateAsync(values),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('form.heading')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField required label={t('form.product')} placeholder={t('form.choose')} options={productOptions} {...field('product_code')} />
        <SelectField
          required
          label={t('form.condition')}
          options={priceAlertConditions.map((condition) => ({ value: condition, label: t(`conditions.${condition}`) }))}
          {...field('condition')}
        />
        <TextField required inputMode="decimal" label={t('form.value')} hint={t('form.valueHint')} {...field('value')} />
      </div>
      <CheckboxGroup
        required
        legend={t('form.channels')}
        options={pageChannels.map((channel) => ({ value: channel, label: t(`channels.${channel}`) }))}
        inputProps={register('channels')}
        error={(formState.errors.channels?.message as string | undefined) ?? undefined}
      />
      <FormSubmit {...submitOutcome(mutation, t('form.success'), t('form.failure'))} label={t('form.submit')} />
    </form>
  );
}

function AlertHistory({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation('alerts');
  const language = getCurrentLanguage();
  const events = usePriceAlertEvents(alert.id, true);
  return (
    <QueryState
      query={events}
      loadingText={t('history.loading')}
      errorTitle={t('history.error')}
      retryLabel={t('retry')}
      isEmpty={(data) => data.items.length === 0}
      emptyText={t('history.empty')}
    >
      {(data) => (
        <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
          {data.items.map((event) => (
            <li key={event.publication_date}>
              {t('history.item', {
                date: event.publication_date,
                value: formatNumber(event.value, language),
                previous: formatNumber(event.previous_value, language),
                change: event.change_pct === null ? '—' : `${formatNumber(event.change_pct, language)} %`,
              })}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function AlertsTable() {
  const { t } = useTranslation('alerts');
  const language = getCurrentLanguage();
  const alerts = usePriceAlerts();
  const update = useUpdatePriceAlert();
  const remove = useDeletePriceAlert();
  const [deleting, setDeleting] = useState<PriceAlert | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = alerts.data?.items ?? [];

  const toggle = (alert: PriceAlert) =>
    update.mutate(
      { id: alert.id, body: { active: !alert.active } },
      { onError: (error) => toast.error(`${t('toggleFailed')} ${resolveErrorMessage(error)}`) },
    );

  const columns: DataColumn<PriceAlert>[] = [
    { key: 'product', header: t('columns.product'), cell: (alert) => <span className="font-medium">{alert.product_code}</span> },
    {
      key: 'condition',
      header: t('columns.condition'),
      cell: (alert) => t(`describe.${alert.condition}`, { value: formatNumber(alert.value, language) }),
    },
    { key: 'channels', header: t('columns.channels'), cell: (alert) => alert.channels.map((channel) => t(`channels.${channel}`)).join(', ') },
    { key: 'status', header: t('columns.status'), cell: (alert) => (alert.active ? t('status.active') : t('status.paused')) },
    {
      key: 'fired',
      header: t('columns.lastFired'),
      cell: (alert) => (alert.last_fired_at ? dateFormat.format(new Date(alert.last_fired_at)) : t('never')),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: (alert) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => toggle(alert)} disabled={update.isPending}>
            {alert.active ? t('pause') : t('resume')}
          </Button>
          <Button variant="secondary" aria-expanded={historyOf === alert.id} onClick={() => setHistoryOf(historyOf === alert.id ? null : alert.id)}>
            {t('historyButton')}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(alert)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];
  const shown = rows.find((alert) => alert.id === historyOf) ?? null;

  return (
    <>
      <DataTable
        query={alerts}
        rows={rows}
        rowKey={(alert) => alert.id}
        columns={columns}
        caption={t('tableCaption')}
        minWidthClass="min-w-[44rem]"
        errorTitle={t('loadError')}
        retryLabel={t('retry')}
        emptyText={t('empty')}
      />
      {shown ? (
        <section aria-label={t('history.heading', { product: shown.product_code })} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('history.heading', { product: shown.product_code })}</h3>
          <AlertHistory alert={shown} />
        </section>
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('confirmDelete.title')}
        description={(alert) => t('confirmDelete.description', { product: alert.product_code })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        mutation={remove}
        doneText={t('deleted')}
        failedText={t('deleteFailed')}
      />
    </>
  );
}

/**
 * Loads the alerts and the product list (the form's choices) into the cache, as the page asks for
 * them: the app's start awaits it before the first render when the entry script has asked for them
 * early (app/signed-in-pages.ts). Never rejects.
 */
export function primePriceAlertsData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(priceAlertsQueryOptions()), queryClient.prefetchQuery(productsQueryOptions())]);
}

/** `/marketprice/alerts`: the caller's price alerts, a form to add one (prefilled by `?product=`), and their firings. */
export default function PriceAlertsPage() {
  const { t } = useTranslation('alerts');
  const [searchParams] = useSearchParams();
  const initialProduct = (searchParams.get('product') ?? '').toUpperCase();
  const [formKey, setFormKey] = useState(initialProduct);
  useEffect(() => setFormKey(initialProduct), [initialProduct]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">
        {t('intro', { limit: PRICE_ALERT_LIMIT })}{' '}
        <Link to="/webhooks" className="font-medium text-amber-800 underline hover:text-amber-900 dark:text-amber-300">
          {t('webhooksLink')}
        </Link>
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <AlertFormLoader key={formKey} initialProduct={initialProduct} />
      </div>
      <section aria-labelledby="alerts-list" className="flex flex-col gap-4">
        <h2 id="alerts-list" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('listHeading')}
        </h2>
        <AlertsTable />
      </section>
    </div>
  );
}
