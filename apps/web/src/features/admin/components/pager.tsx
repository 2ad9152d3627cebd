import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with "x–y of z". */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
      <p>{t('pager.range', { from, to, total })}</p>
      <div className="flex gap-2">
        <Button variant="secondary" className="disabled:opacity-50" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button variant="secondary" className="disabled:opacity-50" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
