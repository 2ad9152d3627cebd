import { zodResolver } from '@hookform/resolvers/zod';
import { createContactMessageBodySchema, type ContactMessageInput, type CreateContactMessageBody } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { FormSubmit, TextAreaField, TextField } from '@/components/ui/form-field';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { useFormMessage } from '@/lib/use-form-message';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useCreateContactMessage } from '../api/create-contact-message';

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
        optional
        label={t('contactForm.phone')}
        type="tel"
        autoComplete="tel"
        error={formMessage(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        optional
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
      <FormSubmit
        className="sm:col-span-2"
        success={mutation.isSuccess ? t('contactForm.success') : null}
        failure={mutation.isError ? `${t('contactForm.failure')} ${resolveErrorMessage(mutation.error)}` : null}
        busy={mutation.isPending}
        label={t('contactForm.submit')}
      />
    </PrerenderedForm>
  );
}
