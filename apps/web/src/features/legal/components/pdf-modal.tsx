import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';

const FOCUSABLE = 'a[href], button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface PdfModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A file name under /legal/ (e.g. `terms-en.pdf`); null when the document has no PDF. */
  file: string | null;
}

/**
 * Shows a same-origin PDF in a dialog. The frame loads it from /api/legal/ because the site's
 * security policy forbids framing the static copy; the links use the static copy.
 * Escape closes, Tab stays inside, focus returns to the opener.
 */
export function PdfModal({ open, onClose, title, file }: PdfModalProps) {
  const { t } = useTranslation('legal');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  // Focus guards rather than a Tab handler: Tab pressed inside the PDF frame never reaches this
  // document, but leaving the frame lands on the end guard, which sends focus back to the top.
  const focusEdge = (edge: 'first' | 'last') => {
    const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (edge === 'first' ? focusable[0] : focusable[focusable.length - 1])?.focus();
  };

  const staticUrl = file ? `/legal/${file}` : null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-6" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-slate-950/60" aria-hidden="true" onClick={onClose} />
      <span tabIndex={0} className="sr-only" data-focus-guard="start" onFocus={() => focusEdge('last')} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex max-h-full w-full max-w-4xl flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-xl"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="flex items-center gap-2">
            {staticUrl ? (
              <>
                <a href={staticUrl} target="_blank" rel="noopener" className={buttonClassName('ghost', 'px-3 py-1.5')}>
                  {t('pdf.newTab')}
                </a>
                <a href={staticUrl} download className={buttonClassName('secondary', 'px-3 py-1.5')}>
                  {t('pdf.download')}
                </a>
              </>
            ) : null}
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              aria-label={t('pdf.close')}
              className="focus-ring rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
            >
              <Icon name="close" />
            </button>
          </div>
        </div>
        {file ? (
          <iframe src={`/api/legal/${file}`} title={t('pdf.frameTitle', { title })} className="h-[75vh] w-full border-0 bg-slate-100" />
        ) : (
          <p role="alert" className="px-4 py-10 text-center text-slate-700">
            {t('pdf.noFile')}
          </p>
        )}
      </div>
      <span tabIndex={0} className="sr-only" data-focus-guard="end" onFocus={() => focusEdge('first')} />
    </div>,
    document.body,
  );
}
