import type { InboxStatus } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  const { t } = useTranslation('admin');
  return status === 'open' ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
      {t('inbox.statuses.open')}
    </span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
      {t('inbox.statuses.answered')}
    </span>
  );
}
