import { MINIMUM_AGE, planNameFromCode, plans, type Plan } from '@fueldesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ComingSoon() {
  const { t } = useTranslation('public');
  return (
    <span className="ml-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      {t('plans.comingSoon')}
    </span>
  );
}

/** The four plans of SPEC.md §6, straight from the contracts' constants. */
export function PlansTable() {
  const { t } = useTranslation('public');
  const rows: { key: string; label: string; cell: (plan: Plan) => ReactNode }[] = [
    { key: 'reports', label: t('plans.rows.reports'), cell: (plan) => plan.reportsPerMonth },
    { key: 'validations', label: t('plans.rows.validations'), cell: (plan) => plan.financialValidations },
    {
      key: 'history',
      label: t('plans.rows.history'),
      cell: (plan) =>
        plan.validationHistoryDays === 0 ? (
          t('plans.none')
        ) : (
          <>
            {t('plans.days', { count: plan.validationHistoryDays })}
            <ComingSoon />
          </>
        ),
    },
    { key: 'support', label: t('plans.rows.support'), cell: (plan) => t(`plans.support.${plan.support}`) },
    {
      key: 'volume',
      label: t('plans.rows.volume'),
      cell: (plan) => (plan.volumeDiscountPacks ? t('plans.included') : t('plans.notIncluded')),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 sm:hidden">
        {plans.map((plan) => (
          <li key={plan.code} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{planNameFromCode(plan.code)}</h3>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
              {rows.map((row) => (
                <div key={row.key} className="contents">
                  <dt className="text-slate-700">{row.label}</dt>
                  <dd className="text-right font-medium text-slate-900">{row.cell(plan)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div
        className="hidden relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block"
        role="region"
        aria-label={t('plans.tableLabel')}
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption className="sr-only">{t('plans.caption')}</caption>
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {t('plans.feature')}
              </th>
              {plans.map((plan) => (
                <th key={plan.code} scope="col" className="px-4 py-3 text-base font-semibold text-slate-900">
                  {planNameFromCode(plan.code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-medium text-slate-700">
                  {row.label}
                </th>
                {plans.map((plan) => (
                  <td key={plan.code} className="px-4 py-3 text-slate-900">
                    {row.cell(plan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
        <li>{t('plans.notes.noBilling')}</li>
        <li>{t('plans.notes.discretion')}</li>
        <li>{t('plans.notes.eligibility', { age: MINIMUM_AGE })}</li>
      </ul>
    </div>
  );
}
