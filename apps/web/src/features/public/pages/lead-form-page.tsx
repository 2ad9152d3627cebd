import { PRODUCT_NAME } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { LeadForm } from '../components/lead-form';
import { PageIntro } from '../components/marketing';
import { usePageMeta } from '@/lib/use-page-meta';

/** `/form`: the sales/lead form (SPEC.md §3, §5). */
export default function LeadFormPage() {
  const { t } = useTranslation('public');
  usePageMeta(`${PRODUCT_NAME} - ${t('leadPage.title')}`, t('meta.leadForm'));

  return (
    <>
      <PageIntro title={t('leadPage.title')} lead={t('leadPage.lead')} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LeadForm />
      </div>
    </>
  );
}
