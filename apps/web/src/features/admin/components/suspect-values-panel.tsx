import { zodResolver } from '@hookform/resolvers/zod';
import { correctedValueTextSchema, type PriceSuspect } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { FormOutcome, TextField } from '@/components/ui/form-field';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useReviewSuspect, useSuspectValues } from '../api/price-quality';

const PAGE_SIZE = 10;

/** The form's text: a decimal comma is read as a point, then the server's own rule (non-negative decimal). */
const correctFormSchema = z.object({ value: z.string().transform((value) => value.trim().replace(',', '.')).pipe(correctedValueTextSchema) });
type CorrectInput = z.input<typeof correctFormSchema>;
type CorrectValues = z.output<typeof correctFormSchema>;
const fieldNames = ['value'] as const;

function useLabels() {
  const { t, i18n } = useTranslation('analytics');
  const spanish = i18n.language.startsWith('es');
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }), [i18n.language]);
  const whenFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }), [i18n.language]);
  return {
    product: (row: PriceSuspect) => `${(spanish && row.product_name_es) || row.product_name}${row.forward_period ? ` (${t('quality.forward', { period: row.forward_period })})` : ''}`,
    day: (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`)),
    when: (iso: string) => whenFormat.format(new Date(iso)),
    number: (value: string, decimals: number) =>
      new Intl.NumberFormat(i18n.language, { minimumFractionDigits: Math.min(decimals, 2), maximumFractionDigits: Math.max(decimals, 2), signDisplay: 'auto' }).format(Number(value)),
  };
}

/** The right value of one suspect: stored in place of the flagged one, the flag closed. */
function CorrectForm({ row, onDone }: { row: PriceSuspect; onDone: () => void }) {
  const { t } = useTranslation('analytics');
  const labels = useLabels();
  const review = useReviewSuspect();
  const { onSubmit, field } = useSubmitForm<CorrectInput, CorrectValues>({
    resolver: zodResolver(correctFormSchema),
    emptyValues: { value: '' },
    fieldNames,
    submit: async (values) => {
      await review.mutateAsync({ kind: 'correct', id: row.id, value: values.value });
      toast.success(t('quality.corrected', { product: labels.product(row), date: labels.day(row.publication_date), value: labels.number(values.value, row.decimal_places) }));
      onDone();
    },
  });
  const failure = review.isError && !(isApiError(review.error) && review.error.fields) ? resolveErrorMessage(review.error) : null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('quality.correctText', { value: labels.number(row.current_value, row.decimal_places), previous: labels.number(row.previous_value, row.decimal_places) })}
      </p>
      <TextField required autoComplete="off" inputMode="decimal" label={t('quality.rightValue')} {...field('value')} />
      {failure ? <FormOutcome kind="error">{failure}</FormOutcome> : null}
      <DialogActions cancelLabel={t('quality.cancel')} onCancel={onDone} actionLabel={t('quality.save')} busy={review.isPending} />
    </form>
  );
}

/**
 * The data desk's "Suspect values" (issue 33 "Quality"): values an import flagged, with the move
 * against the median, the file they came from and when; confirm one or correct it.
 */
export function SuspectValuesPanel() {
  const { t } = useTranslation('analytics');
  const baseId = useId();
  const labels = useLabels();
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<PriceSuspect | null>(null);
  const query = useSuspectValues({ page, pageSize: PAGE_SIZE });
  const review = useReviewSuspect();

  const confirm = async (row: PriceSuspect) => {
    try {
      await review.mutateAsync({ kind: 'confirm', id: row.id });
      toast.success(t('quality.confirmed', { product: labels.product(row), date: labels.day(row.publication_date) }));
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={`${baseId}-title`} className="text-base font-semibold">
        {t('quality.heading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('quality.intro')}</p>
      <DataTable<PriceSuspect>
        query={query}
        rows={query.data?.items ?? []}
        rowKey={(row) => row.id}
        caption={t('quality.caption')}
        minWidthClass="min-w-[60rem]"
        errorTitle={t('quality.loadFailed')}
        retryLabel={t('quality.retry')}
        emptyText={t('quality.empty')}
        paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            key: 'product',
            header: t('quality.product'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">{labels.product(row)}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.product_code}</p>
              </>
            ),
          },
          { key: 'date', header: t('quality.date'), className: 'whitespace-nowrap', cell: (row) => labels.day(row.publication_date) },
          { key: 'value', header: t('quality.value'), className: 'text-right tabular-nums', cell: (row) => labels.number(row.current_value, row.decimal_places) },
          {
            key: 'previous',
            header: t('quality.previous'),
            className: 'text-right tabular-nums',
            cell: (row) => (
              <>
                <p>{labels.number(row.previous_value, row.decimal_places)}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t('quality.previousOn', { date: labels.day(row.previous_date) })}</p>
              </>
            ),
          },
          {
            key: 'move',
            header: t('quality.move'),
            className: 'min-w-[10rem] text-sm',
            cell: (row) =>
              t('quality.moveText', {
                move: labels.number(row.move, row.decimal_places),
                ratio: labels.number(String(row.ratio), 1),
                median: labels.number(row.median_change, row.decimal_places),
              }),
          },
          {
            key: 'file',
            header: t('quality.file'),
            className: 'min-w-[10rem]',
            cell: (row) => (
              <>
                <p className="font-medium break-words text-slate-900 dark:text-slate-100">{row.file}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t(`quality.actors.${row.actor}`)}</p>
              </>
            ),
          },
          { key: 'when', header: t('quality.when'), className: 'whitespace-nowrap', cell: (row) => labels.when(row.flagged_at) },
          {
            key: 'actions',
            header: t('quality.actions'),
            hiddenHeader: true,
            cell: (row) => {
              const subject = { product: labels.product(row), date: labels.day(row.publication_date) };
              return (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" disabled={review.isPending} onClick={() => void confirm(row)} aria-label={t('quality.confirmFor', subject)}>
                    {t('quality.confirm')}
                  </Button>
                  <Button variant="secondary" onClick={() => setCorrecting(row)} aria-label={t('quality.correctFor', subject)}>
                    {t('quality.correct')}
                  </Button>
                </div>
              );
            },
          },
        ]}
      />
      <Dialog
        open={correcting !== null}
        onClose={() => setCorrecting(null)}
        title={correcting ? t('quality.correctTitle', { product: labels.product(correcting), date: labels.day(correcting.publication_date) }) : ''}
      >
        {correcting ? <CorrectForm key={correcting.id} row={correcting} onDone={() => setCorrecting(null)} /> : null}
      </Dialog>
    </section>
  );
}
