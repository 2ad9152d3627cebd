import { CONFIDENTIALITY_TERM_YEARS, PRODUCT_NAME, legalPdfFileName, type LegalPdfDocument } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { getCurrentLanguage } from '@/lib/i18n';
import { PdfModal } from '../components/pdf-modal';
import { legalValues, type LegalSection } from '../legal-values';
import { LEGAL_CONTENT_NS, useLegalContent } from '../load-legal-content';
import type { PolicyDocId } from '@/lib/policy-documents';
import { usePageMeta } from '@/lib/use-page-meta';

const pdfDocuments: readonly { document: LegalPdfDocument; labelKey: 'pdf.terms' | 'pdf.agreement' }[] = [
  { document: 'terms', labelKey: 'pdf.terms' },
  { document: 'confidentiality-agreement', labelKey: 'pdf.agreement' },
];

function PdfDocuments() {
  const { t } = useTranslation('legal');
  const language = getCurrentLanguage();
  const [openDocument, setOpenDocument] = useState<(typeof pdfDocuments)[number] | null>(null);

  return (
    <section aria-labelledby="legal-pdfs" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="legal-pdfs" className="text-lg font-semibold text-slate-900">
        {t('pdf.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('pdf.lead')}</p>
      <ul className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {pdfDocuments.map((item) => (
          <li key={item.document}>
            {/* A link to the file, so it opens before the app has taken over a prerendered page
                (or in a new tab with a modifier key); a plain click opens it in the modal. */}
            <a
              href={`/legal/${legalPdfFileName(item.document, language)}`}
              className={buttonClassName('secondary')}
              aria-haspopup="dialog"
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                setOpenDocument(item);
              }}
            >
              {t('pdf.open', { title: t(item.labelKey) })}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">{t('pdf.agreementTerm', { years: CONFIDENTIALITY_TERM_YEARS })}</p>
      <PdfModal
        open={openDocument !== null}
        onClose={() => setOpenDocument(null)}
        title={openDocument ? t(openDocument.labelKey) : ''}
        file={openDocument ? legalPdfFileName(openDocument.document, language) : null}
      />
    </section>
  );
}

/** One /Policy document (SPEC.md §2), in the current language, with SPEC.md §9's figures. */
export default function PolicyDocumentPage({ doc }: { doc: PolicyDocId }) {
  const { t } = useTranslation('legal');
  const language = getCurrentLanguage();
  const content = useLegalContent(language);
  const text = (key: string) => t(`documents.${doc}.${key}`, { ns: LEGAL_CONTENT_NS, ...legalValues });
  const ready = content.isSuccess;
  usePageMeta(ready ? `${PRODUCT_NAME} - ${text('title')}` : null, ready ? text('summary') : null);

  if (content.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-10 text-slate-600">
        <Spinner className="size-5" />
        {t('loading')}
      </p>
    );
  }
  if (content.isError) {
    return (
      <ErrorState className="my-10" title={t('loadError')} retryLabel={t('retry')} onRetry={() => void content.refetch()} />
    );
  }

  const sections = t(`documents.${doc}.sections`, {
    ns: LEGAL_CONTENT_NS,
    returnObjects: true,
    ...legalValues,
  }) as unknown as LegalSection[];

  return (
    <article className="max-w-3xl text-slate-800">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text('title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('effective', { date: content.data.effectiveDate })}</p>
      <p className="mt-4 text-lg text-slate-700">{text('summary')}</p>
      {doc === 'terms' ? <PdfDocuments /> : null}
      {sections.map((section, index) => (
        <section key={index} aria-labelledby={`policy-section-${index}`} className="mt-8">
          <h2 id={`policy-section-${index}`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
