import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUPPORT_RESPONSE_HOURS,
  createSupportMessageBodySchema,
  supportMessageTypes,
  type CreateSupportMessageBody,
  type SupportMessageInput,
} from '@fueldesk/contracts';
import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useCreateSupportMessage } from '../api/create-support-message';
import { controlClassName, FormField } from '@/components/ui/form-field';
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

  const ids = { type: `${baseId}-type`, subject: `${baseId}-subject`, message: `${baseId}-message` };
  const errorText = {
    type: formMessage(errors.type?.message),
    subject: formMessage(errors.subject?.message),
    message: formMessage(errors.message?.message),
  };
  const aria = (name: keyof typeof ids) => ({
    id: ids[name],
    'aria-invalid': errorText[name] ? true : undefined,
    'aria-required': true,
    'aria-describedby': errorText[name] ? `${ids[name]}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('form.heading')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
        <FormField required id={ids.type} label={t('form.type')} error={errorText.type}>
          <select {...aria('type')} {...register('type')} className={controlClassName}>
            <option value="">{t('form.choose')}</option>
            {supportMessageTypes.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField required id={ids.subject} label={t('form.subject')} error={errorText.subject}>
          <input type="text" {...aria('subject')} {...register('subject')} className={controlClassName} />
        </FormField>
      </div>
      <FormField required id={ids.message} label={t('form.message')} error={errorText.message}>
        <textarea rows={6} {...aria('message')} {...register('message')} className={clsx(controlClassName, 'resize-y')} />
      </FormField>
      {mutation.isSuccess ? (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200">
          {t('form.success', { hours: SUPPORT_RESPONSE_HOURS })}
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('form.failure')} {resolveErrorMessage(mutation.error)}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('forms:sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
