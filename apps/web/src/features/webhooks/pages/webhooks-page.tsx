import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_LIMIT, createWebhookBodySchema, webhookEvents, type CreateWebhookBody, type CreateWebhookInput, type Webhook } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { CheckboxGroup, FormSubmit, TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { submitOutcome, useSubmitForm } from '@/lib/use-submit-form';
import { useCreateWebhook, useDeleteWebhook, useWebhookDeliveries, useWebhooks, webhooksQueryOptions } from '../api/webhooks';

const emptyValues = { url: '', events: [...webhookEvents] } as unknown as CreateWebhookBody;
const fieldNames = ['url', 'events'] as const;

function WebhookForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const { t } = useTranslation(['webhooks', 'forms']);
  const baseId = useId();
  const mutation = useCreateWebhook();
  const { onSubmit, field, register, formState } = useSubmitForm<CreateWebhookBody, CreateWebhookInput>({
    resolver: zodResolver(createWebhookBodySchema),
    emptyValues,
    fieldNames,
    submit: async (values) => onSecret((await mutation.mutateAsync(values)).secret),
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('form.heading')}
      </h2>
      <TextField required type="url" label={t('form.url')} hint={t('form.urlHint')} placeholder="https://" {...field('url')} />
      <CheckboxGroup
        required
        legend={t('form.events')}
        options={webhookEvents.map((event) => ({ value: event, label: t(`events.${event}`) }))}
        inputProps={register('events')}
        error={(formState.errors.events?.message as string | undefined) ?? undefined}
      />
      <FormSubmit {...submitOutcome(mutation, t('form.success'), t('form.failure'))} label={t('form.submit')} />
    </form>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('webhooks');
  const deliveries = useWebhookDeliveries(webhook.id);
  const format = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <QueryState
      query={deliveries}
      loadingText={t('deliveries.loading')}
      errorTitle={t('deliveries.error')}
      retryLabel={t('retry')}
      isEmpty={(data) => data.items.length === 0}
      emptyText={t('deliveries.empty')}
    >
      {(data) => (
        <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
          {data.items.map((delivery) => (
            <li key={delivery.id}>
              {t('deliveries.item', {
                at: format.format(new Date(delivery.at)),
                event: t(`events.${delivery.event}`, { defaultValue: delivery.event }),
                status: t(`deliveries.status.${delivery.status}`),
                attempts: delivery.attempts,
                response: delivery.response_status ?? '—',
              })}
              {delivery.last_error && delivery.status !== 'succeeded' ? ` · ${delivery.last_error}` : ''}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** `/webhooks`: the caller's endpoints for price alerts and watchlist changes, their deliveries, and a form to add one. */
/**
 * Loads the caller's webhooks into the cache, as the page asks for them: the app's start awaits it
 * before the first render when the entry script has asked for them early (app/signed-in-pages.ts).
 * Never rejects.
 */
export function primeWebhooksData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(webhooksQueryOptions());
}

export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const rows = webhooks.data?.items ?? [];
  const columns: DataColumn<Webhook>[] = [
    { key: 'url', header: t('columns.url'), className: 'break-all', cell: (hook) => hook.url },
    { key: 'events', header: t('columns.events'), cell: (hook) => hook.events.map((event) => t(`events.${event}`)).join(', ') },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (hook) => (hook.active ? (hook.failing_since ? t('status.failing') : t('status.active')) : t('status.disabled')),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: (hook) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={shown === hook.id} onClick={() => setShown(shown === hook.id ? null : hook.id)}>
            {t('deliveriesButton')}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(hook)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];
  const selected = rows.find((hook) => hook.id === shown) ?? null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('intro', { limit: WEBHOOK_LIMIT })}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <WebhookForm onSecret={setSecret} />
        {secret ? (
          <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
            <p className="font-semibold">{t('secret.title')}</p>
            <p className="mt-1">{t('secret.body')}</p>
            <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-slate-900 dark:bg-slate-950 dark:text-slate-100">{secret}</code>
          </div>
        ) : null}
      </div>
      <section aria-labelledby="webhooks-list" className="flex flex-col gap-4">
        <h2 id="webhooks-list" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('listHeading')}
        </h2>
        <DataTable
          query={webhooks}
          rows={rows}
          rowKey={(hook) => hook.id}
          columns={columns}
          caption={t('listHeading')}
          minWidthClass="min-w-[36rem]"
          errorTitle={t('loadError')}
          retryLabel={t('retry')}
          emptyText={t('empty')}
        />
        {selected ? (
          <section aria-label={t('deliveries.heading')} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('deliveries.heading')}</h3>
            <Deliveries webhook={selected} />
          </section>
        ) : null}
      </section>
      <section aria-labelledby="webhooks-verify" className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
        <h2 id="webhooks-verify" className="mb-2 font-semibold text-slate-900 dark:text-slate-100">
          {t('verify.heading')}
        </h2>
        <p>{t('verify.body')}</p>
      </section>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('confirmDelete.title')}
        description={(hook) => t('confirmDelete.description', { url: hook.url })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        mutation={remove}
        doneText={t('deleted')}
        failedText={t('deleteFailed')}
      />
    </div>
  );
}
