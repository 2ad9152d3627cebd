import type { MissingDaysResponse } from '@fueldesk/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { useMissingDays } from '../api/price-quality';

type Row = MissingDaysResponse['products'][number];

/** Per spot product, the US business days of its stored range without a value (issue 33 "Quality"). */
export function MissingDaysPanel() {
  const { t, i18n } = useTranslation('analytics');
  const baseId = useId();
  const query = useMissingDays();
  const spanish = i18n.language.startsWith('es');
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }), [i18n.language]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

  return (
    <section aria-labelledby={`${baseId}-title`} className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={`${baseId}-title`} className="text-base font-semibold">
        {t('quality.missingHeading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('quality.missingIntro')}</p>
      <DataTable<Row>
        query={query}
        rows={query.data?.products ?? []}
        rowKey={(row) => row.code}
        caption={t('quality.missingCaption')}
        minWidthClass="min-w-[44rem]"
        errorTitle={t('quality.missingLoadFailed')}
        retryLabel={t('quality.retry')}
        emptyText={t('quality.missingEmpty')}
        columns={[
          {
            key: 'product',
            header: t('quality.product'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">{(spanish && row.name_es) || row.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.code}</p>
              </>
            ),
          },
          { key: 'range', header: t('quality.range'), className: 'whitespace-nowrap', cell: (row) => `${day(row.first_date)} – ${day(row.last_date)}` },
          { key: 'days', header: t('quality.businessDays'), className: 'text-right tabular-nums', cell: (row) => numberFormat.format(row.business_days) },
          { key: 'missing', header: t('quality.missing'), className: 'text-right tabular-nums font-medium', cell: (row) => numberFormat.format(row.missing) },
          {
            key: 'latest',
            header: t('quality.latestMissing'),
            className: 'min-w-[14rem] text-sm',
            cell: (row) => (row.latest.length === 0 ? t('quality.noneMissing') : row.latest.map(day).join(', ')),
          },
        ]}
      />
    </section>
  );
}
