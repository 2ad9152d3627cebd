import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

interface PdfModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A file name under /legal/ (e.g. `terms-en.pdf`); null when the document has no PDF. */
  file: string | null;
}

/**
 * Shows a same-origin PDF in the app's dialog. The frame loads it from /api/legal/ because the
 * site's security policy forbids framing the static copy; the links use the static copy.
 */
export function PdfModal({ open, onClose, title, file }: PdfModalProps) {
  const { t } = useTranslation('legal');
  const staticUrl = file ? `/legal/${file}` : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="document"
      closeLabel={t('pdf.close')}
      initialFocus="close"
      actions={
        staticUrl ? (
          <>
            <a href={staticUrl} target="_blank" rel="noopener" className={buttonClassName('ghost', 'px-3 py-1.5')}>
              {t('pdf.newTab')}
            </a>
            <a href={staticUrl} download className={buttonClassName('secondary', 'px-3 py-1.5')}>
              {t('pdf.download')}
            </a>
          </>
        ) : null
      }
    >
      {file ? (
        <iframe src={`/api/legal/${file}`} title={t('pdf.frameTitle', { title })} className="h-[75vh] w-full border-0 bg-slate-100" />
      ) : (
        <p role="alert" className="px-4 py-10 text-center text-slate-700">
          {t('pdf.noFile')}
        </p>
      )}
    </Dialog>
  );
}
