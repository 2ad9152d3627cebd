import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClassName, describedBy, FormField } from '@/components/ui/form-field';

export { useFormMessage } from '@/lib/use-form-message';

interface CommonProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

/** The id, ARIA state and look every control of these forms shares. */
function controlProps(id: string, { error, hint, required }: Pick<CommonProps, 'error' | 'hint' | 'required'>, extraClass?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: clsx(controlClassName, extraClass, error ? 'border-red-600' : 'border-slate-400'),
  };
}

export function TextField({
  label,
  error,
  hint,
  required,
  className,
  ref,
  ...input
}: CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'className'> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <input ref={ref} {...controlProps(id, { error, hint, required })} {...input} />
    </FormField>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  required,
  className,
  ref,
  ...textarea
}: CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required' | 'className'> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea ref={ref} rows={5} {...controlProps(id, { error, hint, required }, 'resize-y')} {...textarea} />
    </FormField>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  ref,
  options,
  placeholder,
  ...select
}: CommonProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'className'> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    placeholder: string;
  }) {
  const id = useId();
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <select ref={ref} {...controlProps(id, { error, hint, required })} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

interface CheckboxGroupProps {
  legend: string;
  required?: boolean;
  error?: string;
  options: readonly { value: string; label: string }[];
  /** Props for each checkbox (react-hook-form's register result), shared by the group. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  className?: string;
}

/** A multi-select as a group of checkboxes in a fieldset; the error is tied to the group. */
export function CheckboxGroup({ legend, required, error, options, inputProps, className }: CheckboxGroupProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {required ? (
          <span className="text-red-700">
            <span aria-hidden="true"> *</span>
            <span className="sr-only"> ({t('required')})</span>
          </span>
        ) : (
          <span className="font-normal text-slate-600"> ({t('optional')})</span>
        )}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50"
          >
            <input type="checkbox" value={option.value} className="mt-0.5 size-4 accent-amber-600" {...inputProps} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The outcome of a submission, announced to screen readers. */
export function FormOutcome({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg border px-4 py-3 text-sm',
        kind === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-900',
      )}
    >
      {children}
    </div>
  );
}
