import { zodResolver } from '@hookform/resolvers/zod';
import {
  dueBooleanFields,
  dueBusinessTypes,
  dueFormSchema,
  dueFormSections,
  type DueForm,
  type DueFormInput,
  type DueFormSection,
} from '@fueldesk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { controlClassName, FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { Input, Select } from '@/components/ui/controls';
import { useFormMessage } from '@/lib/use-form-message';
import { useSubmitForm } from '@/lib/use-submit-form';

type FieldKey = (typeof dueFormSections)[DueFormSection][number];
const allFields = Object.values(dueFormSections).flat() as FieldKey[];
const requiredFields = new Set<FieldKey>(['business_name', 'contact_name', 'consent']);
const checkboxFields = new Set<string>(dueBooleanFields);
const numericFields = new Set<string>(['years_in_business', 'ust_count', 'ust_total_capacity_gallons', 'ust_avg_monthly_usage_gallons', 'account_number', 'routing_number', 'federal_tax_id']);
const inputTypes: Partial<Record<FieldKey, string>> = { email: 'email', phone: 'tel', owner_phone: 'tel', bank_phone_fax: 'tel', signed_date: 'date' };

export const emptyDueForm = Object.fromEntries(allFields.map((key) => [key, checkboxFields.has(key) ? false : ''])) as DueFormInput;

interface DueFormProps {
  pending: boolean;
  /** At the plan limit: the fields and the submit button are disabled, nothing can be sent. */
  disabled?: boolean;
  /** Called with the validated form; a rejection with a 400 puts the server's messages beside the fields. */
  onValid: (form: DueForm) => Promise<unknown>;
}

/** SPEC.md §3's form in its six sections, validated as the user types with SPEC.md §5's messages. */
export function DueDiligenceForm({ pending, disabled = false, onValid }: DueFormProps) {
  const { t } = useTranslation('due');
  const baseId = useId();
  const {
    register,
    onSubmit: submit,
    setError,
    formState: { errors },
  } = useSubmitForm<DueFormInput, DueForm>({
    resolver: zodResolver(dueFormSchema),
    emptyValues: emptyDueForm,
    mode: 'onChange',
    // onValid first asks for a confirmation, and a cancel keeps what was typed; the page mounts a new form after a send.
    keepValues: true,
    submit: async (form) => {
      if (disabled) return;
      try {
        await onValid(form);
      } catch (error) {
        // The server names the form's fields `extra.<key>`, so its messages are placed here rather than by fieldNames.
        if (!isApiError(error) || !error.fields) return;
        for (const [name, text] of Object.entries(error.fields)) {
          const key = name.replace(/^extra\./, '') as FieldKey;
          if (allFields.includes(key)) setError(key, { type: 'server', message: text });
        }
      }
    },
  });

  const message = useFormMessage();

  const renderField = (key: FieldKey) => {
    const id = `${baseId}-${key}`;
    const error = message(errors[key]?.message);
    const aria = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': requiredFields.has(key) || undefined };
    if (checkboxFields.has(key)) {
      return (
        <div key={key} className={key === 'consent' ? 'sm:col-span-2' : undefined}>
          <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <Input type="checkbox" {...aria} {...register(key)} className="mt-1 size-4" />
            <span>
              {t(`form.fields.${key}`)}
              {requiredFields.has(key) ? <span aria-hidden="true" className="text-red-700 dark:text-red-400"> *</span> : null}
            </span>
          </label>
          {error ? <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">{error}</p> : null}
        </div>
      );
    }
    return (
      <FormField key={key} id={id} label={t(`form.fields.${key}`)} required={requiredFields.has(key)} error={error}>
        {key === 'business_type' ? (
          <Select {...aria} {...register(key)} className={controlClassName}>
            <option value="">{t('form.choose')}</option>
            {dueBusinessTypes.map((type) => (
              <option key={type} value={type}>
                {t(`form.businessTypes.${type}`)}
              </option>
            ))}
          </Select>
        ) : (
          <Input
            type={inputTypes[key] ?? 'text'}
            inputMode={numericFields.has(key) ? 'numeric' : undefined}
            {...aria}
            {...register(key)}
            className={controlClassName}
          />
        )}
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('form.intro')}</p>
      {(Object.keys(dueFormSections) as DueFormSection[]).map((section) => (
        <fieldset key={section} disabled={disabled} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-base font-semibold text-slate-900 dark:text-slate-100">{t(`form.sections.${section}`)}</legend>
          <div className="grid gap-4 sm:grid-cols-2">{(dueFormSections[section] as readonly FieldKey[]).map(renderField)}</div>
        </fieldset>
      ))}
      <div>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? t('form.sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
