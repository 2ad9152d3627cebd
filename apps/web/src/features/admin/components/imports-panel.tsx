import type { PriceImportRow } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { usePriceImports } from '../api/get-price-imports';
import { EiaSyncPanel } from './eia-sync-panel';
import { MissingDaysPanel } from './missing-days-panel';
import { PriceUploadPanel } from './price-upload-panel';
import { SuspectValuesPanel } from './suspect-values-panel';

const PAGE_SIZE = 25;

/** The price-import history: who imported which file when, and what it changed. */
export function ImportsPanel() {
  const { t, i18n } = useTranslation('admin');
  const baseId = useId();
  const [page, setPage] = useState(1);
  const query = usePriceImports({ page, pageSize: PAGE_SIZE });
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }), [i18n.language]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const count = (value: number) => numberFormat.format(value);

  const who = (row: PriceImportRow) => {
    if (row.actor === 'user') {
      return row.user ? (
        <>
          <p className="font-medium text-slate-900 dark:text-slate-100">{row.user.name}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{row.user.email}</p>
        </>
      ) : (
        t('imports.deletedUser')
      );
    }
    return t(`imports.actors.${row.actor}`);
  };

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="sr-only">
        {t('tabs.imports')}
      </h2>
      <EiaSyncPanel />
      <SuspectValuesPanel />
      <MissingDaysPanel />
      <PriceUploadPanel />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('imports.intro')}</p>
      <DataTable<PriceImportRow>
        query={query}
        rows={query.data?.items ?? []}
        rowKey={(row) => row.id}
        caption={t('imports.caption')}
        minWidthClass="min-w-[56rem]"
        errorTitle={t('imports.failed')}
        retryLabel={t('retry')}
        emptyText={t('imports.empty')}
        paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          { key: 'when', header: t('imports.when'), className: 'whitespace-nowrap', cell: (row) => dateFormat.format(new Date(row.created_at)) },
          { key: 'who', header: t('imports.who'), cell: who },
          {
            key: 'source',
            header: t('imports.source'),
            className: 'min-w-[11rem]',
            cell: (row) => (
              <>
                <p className="font-medium break-words text-slate-900 dark:text-slate-100">{row.source}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.format}</p>
              </>
            ),
          },
          { key: 'inserted', header: t('imports.inserted'), className: 'text-right tabular-nums', cell: (row) => count(row.inserted) },
          { key: 'updated', header: t('imports.updated'), className: 'text-right tabular-nums', cell: (row) => count(row.updated) },
          { key: 'unchanged', header: t('imports.unchanged'), className: 'text-right tabular-nums', cell: (row) => count(row.unchanged) },
          { key: 'rejected', header: t('imports.rejected'), className: 'text-right tabular-nums', cell: (row) => count(row.rejected) },
          {
            key: 'result',
            header: t('imports.result'),
            className: 'min-w-[14rem]',
            cell: (row) =>
              row.refused ? (
                <>
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-500/15 dark:text-red-300">{t('imports.refused')}</span>
                  {row.refusal_reason ? <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-400">{row.refusal_reason}</p> : null}
                </>
              ) : (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">{t('imports.done')}</span>
              ),
          },
        ]}
      />
    </section>
  );
}
