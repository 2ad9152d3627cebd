import { PRODUCT_NAME } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageIntro, PageSection } from '../components/marketing';
import { services } from '../services';
import { usePageMeta } from '@/lib/use-page-meta';

type Service = (typeof services)[number];

function ServiceCard({ service }: { service: Service }) {
  const { t } = useTranslation('public');
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
        <Icon name={service.icon} className="size-6" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{t(`services.items.${service.key}.title`)}</h3>
        <p className="mt-2 text-slate-700">{t(`services.items.${service.key}.body`)}</p>
        <p className="mt-2 text-sm text-slate-600">{t(`servicesPage.details.${service.key}`)}</p>
      </div>
    </li>
  );
}

const comingModules = ['portfolio', 'transactions', 'certificate', 'wallet', 'trade'] as const;

/** `/services`: what is available in the beta and what is only announced. */
export default function ServicesPage() {
  const { t } = useTranslation('public');
  usePageMeta(`${PRODUCT_NAME} - ${t('servicesPage.title')}`, t('meta.services'));

  return (
    <>
      <PageIntro title={t('servicesPage.title')} lead={t('servicesPage.lead')} />
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
        <PageSection id="services-available" title={t('servicesPage.available')}>
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            {services.map((service) => (
              <ServiceCard key={service.key} service={service} />
            ))}
          </ul>
        </PageSection>
        <PageSection id="services-coming" title={t('servicesPage.coming.heading')} className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6">
          <p className="mt-2 text-slate-700">{t('servicesPage.coming.body')}</p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {comingModules.map((module) => (
              <li key={module} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800">
                {t(`servicesPage.coming.items.${module}`)}
              </li>
            ))}
          </ul>
        </PageSection>
        <p>
          <Link to="/form" className={buttonClassName('primary')}>
            {t('servicesPage.cta')}
          </Link>
        </p>
      </div>
    </>
  );
}
