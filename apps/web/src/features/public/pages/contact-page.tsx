import { PRODUCT_NAME, SUPPORT_RESPONSE_HOURS } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactForm } from '../components/contact-form';
import { PageIntro } from '../components/marketing';
import { usePageMeta } from '@/lib/use-page-meta';

/** `/contact-us` with the contact form (SPEC.md §3). */
export default function ContactPage() {
  const { t } = useTranslation('public');
  usePageMeta(`${PRODUCT_NAME} - ${t('contactPage.title')}`, t('meta.contact'));

  return (
    <>
      <PageIntro title={t('contactPage.title')} lead={t('contactPage.lead')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        <ContactForm />
        <aside aria-labelledby="contact-aside" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-700">
          <h2 id="contact-aside" className="text-lg font-semibold text-slate-900">
            {t('contactPage.asideHeading')}
          </h2>
          <p className="mt-3">{t('contactPage.asideUsers', { hours: SUPPORT_RESPONSE_HOURS })}</p>
          <p className="mt-3">
            {t('contactPage.asideSales')}{' '}
            <Link to="/form" className="focus-ring rounded font-semibold text-amber-800 underline underline-offset-4 hover:text-amber-900">
              {t('contactPage.asideSalesLink')}
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
