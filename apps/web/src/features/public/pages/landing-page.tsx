import { PRODUCT_NAME } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Card, ContactLinks, Section } from '../components/marketing';
import { PlansTable } from '../components/plans-table';
import { usePageMeta } from '@/lib/use-page-meta';

const services = [
  { key: 'prices', icon: 'chart' },
  { key: 'news', icon: 'news' },
  { key: 'dueDiligence', icon: 'shield' },
  { key: 'bank', icon: 'bank' },
] as const;

const features = ['dashboard', 'calendar', 'charts', 'notifications', 'languages', 'sessions'] as const;
const benefits = ['time', 'risk', 'control'] as const;
const scenarios = ['distributor', 'trader', 'compliance'] as const;
const partnerTypes = ['dataSources', 'connectivity', 'ai', 'industry'] as const;

/** `/`: the marketing page (SPEC.md §1). Light, text-only and free of dashboard code. */
export default function LandingPage() {
  const { t } = useTranslation('public');
  usePageMeta(`${PRODUCT_NAME} - ${t('hero.title')}`, t('meta.landing'));

  return (
    <>
      <div className="border-b border-slate-200 bg-gradient-to-b from-amber-50 via-white to-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 sm:py-24">
          <span className="w-fit rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
            {t('betaBadge')}
          </span>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('hero.title')}</h1>
          <p className="max-w-2xl text-lg text-slate-700 sm:text-xl">{t('hero.lead')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/form" className={buttonClassName('primary', 'px-5 py-3 text-base')}>
              {t('hero.primaryCta')}
            </Link>
            <Link to="/register" className={buttonClassName('secondary', 'px-5 py-3 text-base')}>
              {t('hero.secondaryCta')}
            </Link>
          </div>
          <p className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <Icon name="badgeCheck" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            {t('hero.dataOnly')}
          </p>
        </div>
      </div>

      <Section id="services" title={t('services.heading')} lead={t('services.lead')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.key}>
              <Card title={t(`services.items.${service.key}.title`)} icon={<Icon name={service.icon} className="size-6" />}>
                <p>{t(`services.items.${service.key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link to="/services" className="focus-ring rounded font-semibold text-amber-800 underline underline-offset-4 hover:text-amber-900">
            {t('services.more')}
          </Link>
        </p>
      </Section>

      <Section id="features" title={t('features.heading')} tone="muted">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-3 rounded-lg bg-white p-4 text-slate-800 shadow-sm">
              <Icon name="badgeCheck" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <span>{t(`features.items.${feature}`)}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" title={t('benefits.heading')}>
        <ul className="grid gap-5 md:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit}>
              <Card title={t(`benefits.items.${benefit}.title`)}>
                <p>{t(`benefits.items.${benefit}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" title={t('testimonials.heading')} lead={t('testimonials.disclaimer')} tone="muted">
        <ul className="grid gap-5 md:grid-cols-3">
          {scenarios.map((scenario) => (
            <li key={scenario}>
              <figure className="flex h-full flex-col justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <blockquote className="text-slate-800">{t(`testimonials.items.${scenario}.quote`)}</blockquote>
                <figcaption className="text-sm font-medium text-slate-600">{t(`testimonials.items.${scenario}.persona`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="partners" title={t('partners.heading')} lead={t('partners.lead')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {partnerTypes.map((type) => (
            <li key={type}>
              <Card title={t(`partners.types.${type}.title`)}>
                <p>{t(`partners.types.${type}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="about" title={t('about.heading')} tone="muted">
        <p className="max-w-3xl text-lg text-slate-700">{t('about.body')}</p>
        <p className="mt-4">
          <Link to="/about-us" className="focus-ring rounded font-semibold text-amber-800 underline underline-offset-4 hover:text-amber-900">
            {t('about.more')}
          </Link>
        </p>
      </Section>

      <Section id="plans" title={t('plans.heading')} lead={t('plans.lead')}>
        <PlansTable />
        <p className="mt-6">
          <Link to="/form" className={buttonClassName('primary')}>
            {t('plans.cta')}
          </Link>
        </p>
      </Section>

      <Section id="contact" title={t('contactSection.heading')} lead={t('contactSection.body')} tone="muted">
        <ContactLinks />
      </Section>
    </>
  );
}
