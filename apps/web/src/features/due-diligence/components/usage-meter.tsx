import { planNameFromCode, type DueUsage } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

/** 'n of N this month' with a bar (DECISIONS.md "Plans and usage"). */
export function UsageMeter({ usage }: { usage: DueUsage }) {
  const { t } = useTranslation('due');
  return (
    <div className="flex min-w-56 flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
      <span>
        {t('usage.plan', { plan: planNameFromCode(usage.plan_code) })} · {t('usage.meter', { used: usage.used, limit: usage.limit })}
      </span>
      <meter
        className="h-2 w-full"
        aria-label={t('usage.label')}
        min={0}
        max={Math.max(usage.limit, 1)}
        value={usage.used}
        high={Math.max(usage.limit - 1, 0)}
        optimum={0}
      />
    </div>
  );
}
