import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatChange, formatPercent, trendOf, trendTextClass } from '../lib/format';

const arrows = { up: '▲', down: '▼', flat: '■' } as const;

/** A change and its percent, coloured and with an arrow (the colour is never the only signal). */
export function PriceChange({ diff, percent, decimals, className }: { diff: string | null; percent: number | null; decimals: number; className?: string }) {
  const { t } = useTranslation('prices');
  if (diff === null) return <span className={clsx('text-sm text-slate-500 dark:text-slate-400', className)}>{t('change.none')}</span>;
  const trend = trendOf(diff);
  return (
    <span className={clsx('inline-flex items-center gap-1 text-sm font-medium tabular-nums', trendTextClass[trend], className)}>
      <span aria-hidden="true" className="text-[0.65rem]">
        {arrows[trend]}
      </span>
      <span className="sr-only">{t(`change.${trend}`)}</span>
      <span>{formatChange(diff, decimals)}</span>
      <span>({formatPercent(percent)})</span>
    </span>
  );
}
