import { findFormMessageKey } from '@fueldesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows a contracts validation message in the current language; other texts pass through. */
export function useFormMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('forms');
  return (message) => {
    const key = findFormMessageKey(message);
    return key ? t(`messages.${key}`) : message;
  };
}

export const controlClassName =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-600 dark:bg-slate-900 dark:text-slate-100 border-slate-400 dark:border-slate-600';

/** Label, control and error of one field; the control gets `id`, `aria-invalid` and `aria-describedby` from the caller. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { t } = useTranslation('forms');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        <span className="text-red-700 dark:text-red-400">
          <span aria-hidden="true"> *</span>
          <span className="sr-only"> ({t('required')})</span>
        </span>
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
