import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUPPORT_RESPONSE_HOURS,
  createSupportMessageBodySchema,
  supportMessageTypes,
  type CreateSupportMessageBody,
  type SupportMessageInput,
} from '@fueldesk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { submitOutcome, useSubmitForm } from '@/lib/use-submit-form';
import { useCreateSupportMessage } from '../api/create-support-message';
import { FormSubmit, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';

const emptyValues = { type: '', subject: '', message: '' } as unknown as CreateSupportMessageBody;
const fieldNames = ['type', 'subject', 'message'] as const;

/** Type, subject and message → POST /api/support. */
export function SupportForm() {
  const { t } = useTranslation(['support', 'forms']);
  const baseId = useId();
  const mutation = useCreateSupportMessage();
  const { onSubmit, field } = useSubmitForm<CreateSupportMessageBody, SupportMessageInput>({
    resolver: zodResolver(createSupportMessageBodySchema),
    emptyValues,
    fieldNames,
    submit: (values) => mutation.mutateAsync(values),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('form.heading')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
        <SelectField
          required
          label={t('form.type')}
          placeholder={t('form.choose')}
          options={supportMessageTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          {...field('type')}
        />
        <TextField required type="text" label={t('form.subject')} {...field('subject')} />
      </div>
      <TextAreaField required rows={6} label={t('form.message')} {...field('message')} />
      <FormSubmit {...submitOutcome(mutation, t('form.success', { hours: SUPPORT_RESPONSE_HOURS }), t('form.failure'))} label={t('form.submit')} />
    </form>
  );
}
