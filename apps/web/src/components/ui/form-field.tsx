import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The look of a text input, select or textarea in every form (light and dark). */
export const controlClassName =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label (with its required or optional mark), control, hint and error of one field. The control
 * takes `id` and gets `aria-describedby` from describedBy(id, error, hint).
 */
export function FormField({ id, label, required, hint, error, className, children }: FormFieldProps) {
  const { t } = useTranslation('forms');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span className="text-red-700 dark:text-red-400">
            <span aria-hidden="true"> *</span>
            <span className="sr-only"> ({t('required')})</span>
          </span>
        ) : (
          <span className="font-normal text-slate-600 dark:text-slate-400"> ({t('optional')})</span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
