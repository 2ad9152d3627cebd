import { MINIMUM_AGE, PRODUCT_NAME } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { ContactLinks, PageIntro, PageSection } from '../components/marketing';
import { usePageMeta } from '@/lib/use-page-meta';

const principles = ['sources', 'dataOnly', 'privacy', 'honest'] as const;

/** `/about-us`. */
export default function AboutPage() {
  const { t } = useTranslation('public');
  usePageMeta(`${PRODUCT_NAME} - ${t('aboutPage.title')}`, t('meta.about'));

  return (
    <>
      <PageIntro title={t('aboutPage.title')} lead={t('aboutPage.lead')} />
      <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-12">
        <PageSection id="about-mission" title={t('aboutPage.sections.mission.heading')}>
          <p className="mt-3 text-lg text-slate-700">{t('aboutPage.sections.mission.body')}</p>
        </PageSection>
        <PageSection id="about-principles" title={t('aboutPage.sections.principles.heading')}>
          <ul className="mt-4 flex list-disc flex-col gap-3 pl-6 text-slate-700 marker:text-amber-600">
            {principles.map((principle) => (
              <li key={principle}>{t(`aboutPage.sections.principles.items.${principle}`)}</li>
            ))}
          </ul>
        </PageSection>
        <PageSection id="about-beta" title={t('aboutPage.sections.beta.heading')}>
          <p className="mt-3 text-slate-700">{t('aboutPage.sections.beta.body', { age: MINIMUM_AGE })}</p>
          <ContactLinks className="mt-6 flex flex-wrap gap-3" />
        </PageSection>
      </div>
    </>
  );
}
