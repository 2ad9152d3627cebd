import { registrationPasswordRules } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

/** The registration rules (SPEC.md §5), each ticked live as the password meets it. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  return (
    <ul aria-label={t('register.rulesLabel')} className="grid gap-1 text-sm sm:grid-cols-2">
      {registrationPasswordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.key} className={clsx('flex items-center gap-2', met ? 'text-emerald-700' : 'text-slate-600')}>
            <span aria-hidden="true" className={clsx('inline-flex size-4 items-center justify-center rounded-full text-[10px] font-bold', met ? 'bg-emerald-600 text-white' : 'border border-slate-400')}>
              {met ? '✓' : ''}
            </span>
            <span>
              {t(`register.rules.${rule.key}`)}
              <span className="sr-only"> — {met ? t('register.ruleMet') : t('register.ruleNotMet')}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
