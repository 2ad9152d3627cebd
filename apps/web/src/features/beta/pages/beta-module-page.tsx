import { useTranslation } from 'react-i18next';
import { HeadedSection } from '@/components/ui/headed-section';
import { LinkButtons } from '@/components/ui/link-buttons';
import { Icon } from '@/components/ui/icon';

export type BetaModule = 'portfolio' | 'transactions' | 'certificate' | 'wallet' | 'trade';

const plannedItems: Record<BetaModule, readonly string[]> = {
  portfolio: ['positions', 'valuation', 'exposure'],
  transactions: ['record', 'diligence', 'dataOnly'],
  certificate: ['store', 'share', 'status'],
  wallet: ['accounts', 'balances', 'noPayments'],
  trade: ['compare', 'counterparty', 'noExecution'],
};

const icons = { portfolio: 'portfolio', transactions: 'transaction', certificate: 'certificate', wallet: 'wallet', trade: 'trade' } as const;

const headingClassName = 'text-lg font-semibold text-slate-900 dark:text-slate-100';

/** Portfolio, Transactions, Certificates, Wallet and Trade: an honest "not available yet" page. */
export default function BetaModulePage({ module }: { module: BetaModule }) {
  const { t } = useTranslation('beta');
  const name = t(`modules.${module}.name`);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5 dark:border-slate-600 dark:bg-slate-900">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
          <Icon name={icons[module]} className="size-6" />
        </span>
        <div>
          <p className="w-fit rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-slate-100 dark:text-slate-900">
            {t('status')}
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t('lead', { module: name })}</p>
        </div>
      </div>
      <HeadedSection id="beta-planned" title={t('planned', { module: name })} headingClassName={headingClassName}>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-6 text-slate-700 marker:text-amber-600 dark:text-slate-300">
          {plannedItems[module].map((item) => (
            <li key={item}>{t(`modules.${module}.items.${item}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('plannedNote')}</p>
      </HeadedSection>
      <HeadedSection id="beta-meanwhile" title={t('meanwhile')} headingClassName={headingClassName}>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('follow')}</p>
        <LinkButtons
          className="mt-4 flex flex-wrap gap-3"
          links={[
            { to: '/releases', label: t('links.releases'), variant: 'secondary' },
            { to: '/support', label: t('links.support'), variant: 'secondary' },
          ]}
        />
      </HeadedSection>
    </div>
  );
}
