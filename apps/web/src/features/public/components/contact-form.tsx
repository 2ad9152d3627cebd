import { zodResolver } from '@hookform/resolvers/zod';
import { createContactMessageBodySchema, type ContactMessageInput, type CreateContactMessageBody } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useCreateContactMessage } from '../api/create-contact-message';
import { FormOutcome, TextAreaField, TextField, useFormMessage } from './form-controls';

const fieldNames = ['name', 'phone', 'email', 'company', 'subject', 'question'] as const;
const emptyValues: CreateContactMessageBody = { name: '', phone: '', email: '', company: '', subject: '', question: '' };

/** The public contact form (SPEC.md §3): name, email, subject and question are required. */
export function ContactForm() {
  const { t } = useTranslation(['public', 'forms']);
  const formMessage = useFormMessage();
  const mutation = useCreateContactMessage();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<CreateContactMessageBody, ContactMessageInput>({
    resolver: zodResolver(createContactMessageBodySchema),
    emptyValues,
    fieldNames,
    submit: (values) => mutation.mutateAsync(values),
  });

  return (
    <PrerenderedForm onSubmit={onSubmit} aria-label={t('contactForm.label')} className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('contactForm.name')} autoComplete="name" required error={formMessage(errors.name?.message)} {...register('name')} />
      <TextField
        label={t('contactForm.email')}
        type="email"
        autoComplete="email"
        required
        error={formMessage(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('contactForm.phone')}
        type="tel"
        autoComplete="tel"
        error={formMessage(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        label={t('contactForm.company')}
        autoComplete="organization"
        error={formMessage(errors.company?.message)}
        {...register('company')}
      />
      <TextField
        label={t('contactForm.subject')}
        required
        className="sm:col-span-2"
        error={formMessage(errors.subject?.message)}
        {...register('subject')}
      />
      <TextAreaField
        label={t('contactForm.question')}
        required
        className="sm:col-span-2"
        error={formMessage(errors.question?.message)}
        {...register('question')}
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        {mutation.isSuccess ? <FormOutcome kind="success">{t('contactForm.success')}</FormOutcome> : null}
        {mutation.isError ? (
          <FormOutcome kind="error">
            {t('contactForm.failure')} {resolveErrorMessage(mutation.error)}
          </FormOutcome>
        ) : null}
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('forms:sending') : t('contactForm.submit')}
          </Button>
        </div>
      </div>
    </PrerenderedForm>
  );
}
