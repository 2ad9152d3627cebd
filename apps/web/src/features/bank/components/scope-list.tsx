import type { SharingScope } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

/** Each scope with exactly what it shares (the consent panel and the invitation form use the same words). */
export function ScopeList({ scopes }: { scopes: readonly SharingScope[] }) {
  const { t } = useTranslation('bank');
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {scopes.map((scope) => (
        <li key={scope}>
          <span className="font-semibold text-slate-900 dark:text-slate-100">{t(`scopes.${scope}.label`)}</span>
          <span className="text-slate-700 dark:text-slate-300"> — {t(`scopes.${scope}.shares`)}</span>
        </li>
      ))}
    </ul>
  );
}
