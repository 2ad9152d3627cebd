import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

const controlClassName =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-600 read-only:bg-slate-100';

function describedBy(id: string, error?: string, hint?: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, error, hint, optional, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> ({t('form.optional')})</span> : null}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
        className={`mt-1 ${controlClassName}`}
        {...input}
      />
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle; `hintId` links a rules checklist to it. */
export function PasswordField({ id, label, error, hint, ref, ...input }: Omit<TextFieldProps, 'optional' | 'type'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(hint))}
          className={`${controlClassName} pr-20`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-pressed={visible}
          aria-controls={id}
          className="focus-ring absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {visible ? t('form.hidePassword') : t('form.showPassword')}
          <span className="sr-only"> ({label})</span>
        </button>
      </div>
      {hint ? (
        <div id={`${id}-hint`} className="mt-2">
          {hint}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ id, label, error, ref, ...input }: CheckboxFieldProps) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-amber-600"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
