import clsx from 'clsx';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { controlClassName } from './controls';

/**
 * The form kit: every field of every form is built from these, so that labels, marks, hints,
 * errors and their ARIA links look and behave the same everywhere (light and dark).
 */

export { controlClassName } from './controls';

export function describedBy(id: string, error?: string, hint?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface MarkProps {
  /** Shows a red asterisk (and "required" to screen readers); sets aria-required on the control. */
  required?: boolean;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
}

function RequiredMark({ required, optional }: MarkProps) {
  const { t } = useTranslation('forms');
  if (required) {
    return (
      <span className="text-red-700 dark:text-red-400">
        <span aria-hidden="true"> *</span>
        <span className="sr-only"> ({t('required')})</span>
      </span>
    );
  }
  return optional ? <span className="font-normal text-slate-600 dark:text-slate-400"> ({t('optional')})</span> : null;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

export interface FormFieldProps extends MarkProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label (with its required or optional mark), control, hint and error of one field. The control
 * takes `id` and gets `aria-describedby` from describedBy(id, error, hint).
 */
export function FormField({ id, label, required, optional, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        <RequiredMark required={required} optional={optional} />
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface FieldProps extends MarkProps {
  /** Set when the caller needs a stable id; otherwise one is made. */
  id?: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Class of the field's wrapper (grid placement). */
  className?: string;
  /** Extra class of the control itself (e.g. a monospace font). */
  controlClass?: string;
}

/** The id, ARIA state and look every control shares. */
function controlProps(id: string, { error, hint, required }: Pick<FieldProps, 'error' | 'hint' | 'required'>, extraClass?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: clsx(controlClassName, extraClass),
  };
}

/**
 * Splits a kit field's props: the frame (id given or made, label, marks, hint, error, wrapper class),
 * the control's id, ARIA state and look (`baseClass` first, then the caller's `controlClass`), and the rest for the control.
 */
function useField<P extends FieldProps>({ id: givenId, label, error, hint, required, optional, className, controlClass, ...rest }: P, baseClass?: string) {
  const madeId = useId();
  const id = givenId ?? madeId;
  return {
    frame: { id, label, required, optional, error, hint, className },
    control: controlProps(id, { error, hint, required }, clsx(baseClass, controlClass)),
    rest,
  };
}

type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required' | 'className'> & { ref?: Ref<HTMLInputElement> };

export function TextField({ ref, ...props }: InputProps) {
  const { frame, control, rest } = useField(props, 'read-only:bg-slate-100 dark:read-only:bg-slate-800');
  return (
    <FormField {...frame}>
      <input ref={ref} {...control} {...rest} />
    </FormField>
  );
}

/** A password input with a show/hide toggle; a rules checklist can be its hint. */
export function PasswordField({ ref, ...props }: Omit<InputProps, 'type' | 'controlClass'>) {
  const { t } = useTranslation('forms');
  const { frame, control, rest } = useField(props, 'mt-0! pr-20');
  const [visible, setVisible] = useState(false);
  return (
    <FormField {...frame}>
      <div className="relative mt-1">
        <input ref={ref} type={visible ? 'text' : 'password'} {...control} {...rest} />
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-pressed={visible}
          aria-controls={frame.id}
          className="focus-ring absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {visible ? t('hidePassword') : t('showPassword')}
          <span className="sr-only"> ({frame.label})</span>
        </button>
      </div>
    </FormField>
  );
}

export function TextAreaField({
  ref,
  ...props
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required' | 'className'> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { frame, control, rest } = useField(props, 'resize-y');
  return (
    <FormField {...frame}>
      <textarea ref={ref} rows={5} {...control} {...rest} />
    </FormField>
  );
}

export function SelectField({
  ref,
  options,
  placeholder,
  ...props
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required' | 'className'> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    /** The first, empty choice ("Choose…"); none when absent. */
    placeholder?: string;
  }) {
  const { frame, control, rest } = useField(props);
  return (
    <FormField {...frame}>
      <select ref={ref} {...control} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id?: string;
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** One checkbox with its label to the right (consents, preferences). */
export function CheckboxField({ id: givenId, label, error, ref, ...input }: CheckboxFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
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
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
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
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
        <RequiredMark required={required} optional={!required} />
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
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

interface NewPasswordFieldsProps {
  /** Prefix of the two inputs' ids. */
  id: string;
  passwordLabel: string;
  confirmationLabel: string;
  /** react-hook-form's register('password') and register('password_confirmation'). */
  password: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  confirmation: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  passwordError?: string;
  confirmationError?: string;
  /** Under the password, e.g. the live rules checklist. */
  passwordHint?: ReactNode;
}

/** A new password and its confirmation (sign-up, activation, reset, first-time password). */
export function NewPasswordFields({ id, passwordLabel, confirmationLabel, password, confirmation, passwordError, confirmationError, passwordHint }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField id={`${id}-password`} label={passwordLabel} autoComplete="new-password" error={passwordError} hint={passwordHint} {...password} />
      <PasswordField id={`${id}-confirmation`} label={confirmationLabel} autoComplete="new-password" error={confirmationError} {...confirmation} />
    </>
  );
}

/** The outcome of a submission, announced to screen readers. */
export function FormOutcome({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg border px-4 py-3 text-sm',
        kind === 'error'
          ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
          : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
      )}
    >
      {children}
    </div>
  );
}

interface FormSubmitProps {
  /** Shown after a successful submission. */
  success?: ReactNode;
  /** Shown after a failed one. */
  failure?: ReactNode;
  busy: boolean;
  label: string;
  className?: string;
}

/** The end of a send-once form: its outcome, then the submit button that reads "Sending…" while busy. */
export function FormSubmit({ success, failure, busy, label, className }: FormSubmitProps) {
  const { t } = useTranslation('forms');
  return (
    <div className={clsx('flex flex-col gap-3', className)}>
      {success ? <FormOutcome kind="success">{success}</FormOutcome> : null}
      {failure ? <FormOutcome kind="error">{failure}</FormOutcome> : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('sending') : label}
        </Button>
      </div>
    </div>
  );
}
