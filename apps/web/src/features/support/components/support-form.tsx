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
import { resolveErrorMessage } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useCreateSupportMessage } from '../api/create-support-message';
import { FormSubmit, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { useFormMessage } from '@/lib/use-form-message';

const emptyValues = { type: '', subject: '', message: '' } as unknown as CreateSupportMessageBody;
const fieldNames = ['type', 'subject', 'message'] as const;

/** Type, subject and message → POST /api/support. */
export function SupportForm() {
  const { t } = useTranslation(['support', 'forms']);
  const formMessage = useFormMessage();
  const baseId = useId();
  const mutation = useCreateSupportMessage();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<CreateSupportMessageBody, SupportMessageInput>({
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
          error={formMessage(errors.type?.message)}
          {...register('type')}
        />
        <TextField required type="text" label={t('form.subject')} error={formMessage(errors.subject?.message)} {...register('subject')} />
      </div>
      <TextAreaField required rows={6} label={t('form.message')} error={formMessage(errors.message?.message)} {...register('message')} />
      <FormSubmit
        success={mutation.isSuccess ? t('form.success', { hours: SUPPORT_RESPONSE_HOURS }) : null}
        failure={mutation.isError ? `${t('form.failure')} ${resolveErrorMessage(mutation.error)}` : null}
        busy={mutation.isPending}
        label={t('form.submit')}
      />
    </form>
  );
}
