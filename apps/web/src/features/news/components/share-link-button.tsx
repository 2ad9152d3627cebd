import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/controls';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies the article's address; where copying is refused the link is shown to copy by hand. */
export function ShareLinkButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('news');
  const [state, setState] = useState<CopyState>('idle');
  const inputId = useId();
  const reset = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (reset.current) clearTimeout(reset.current);
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      if (reset.current) clearTimeout(reset.current);
      reset.current = setTimeout(() => setState('idle'), 3_000);
    } catch {
      setState('failed');
    }
  };

  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('detail.copyLink')}
        </Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
            {t('detail.share')}
          </Button>
        ) : null}
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
        {state === 'copied' ? t('detail.copied') : null}
      </p>
      {state === 'failed' ? (
        <div className="text-sm">
          <label htmlFor={inputId} className="block text-slate-700 dark:text-slate-300">
            {t('detail.copyFailed')}
          </label>
          <Input
            id={inputId}
            readOnly
            value={url}
            aria-label={t('detail.shareLinkLabel')}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
          />
        </div>
      ) : null}
    </div>
  );
}
