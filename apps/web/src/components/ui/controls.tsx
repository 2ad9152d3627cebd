import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The look of a text input, select or textarea in every form (light and dark). */
export const controlClassName =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * The kit's bare controls, for a control whose label is not a kit field's (an aria-label, a label
 * wrapped around a checkbox, a toolbar filter). Features use these, never a raw <input>, <select>
 * or <textarea> (eslint.config.js): one place for the controls' look. Without a className they take
 * the form look (controlClassName); with one, only that class.
 */
export function Input({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={className ?? controlClassName} {...props} />;
}

export function Select({ className, ref, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={className ?? controlClassName} {...props} />;
}

export function Textarea({ className, ref, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={className ?? controlClassName} {...props} />;
}
