import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `/bank`: the section's landing with its two paths. */
export default function BankPage() {
  const { t } = useTranslation('bank');
  const card =
    'focus-ring flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-amber-400 dark:border-slate-700 dark:bg-slate-900';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('landing.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Link to="/bank/verification" className={card}>
          <span className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('landing.verifyTitle')}</span>
          <span className="text-slate-700 dark:text-slate-300">{t('landing.verifyText')}</span>
        </Link>
        <Link to="/bank/send-email" className={card}>
          <span className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('landing.shareTitle')}</span>
          <span className="text-slate-700 dark:text-slate-300">{t('landing.shareText')}</span>
        </Link>
      </div>
    </div>
  );
}
