import { zodResolver } from '@hookform/resolvers/zod';
import { createContactMessageBodySchema, type ContactMessageInput, type CreateContactMessageBody } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { FormSubmit, TextAreaField, TextField } from '@/components/ui/form-field';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { submitOutcome, useSubmitForm } from '@/lib/use-submit-form';
import { useCreateContactMessage } from '../api/create-contact-message';

const fieldNames = ['name', 'phone', 'email', 'company', 'subject', 'question'] as const;
const emptyValues: CreateContactMessageBody = { name: '', phone: '', email: '', company: '', subject: '', question: '' };

/** The public contact form (SPEC.md §3): name, email, subject and question are required. */
export function ContactForm() {
  const { t } = useTranslation(['public', 'forms']);
  const mutation = useCreateContactMessage();
  const { onSubmit, field } = useSubmitForm<CreateContactMessageBody, ContactMessageInput>({
    resolver: zodResolver(createContactMessageBodySchema),
    emptyValues,
    fieldNames,
    submit: (values) => mutation.mutateAsync(values),
  });

  return (
    <PrerenderedForm onSubmit={onSubmit} aria-label={t('contactForm.label')} className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('contactForm.name')} autoComplete="name" required {...field('name')} />
      <TextField label={t('contactForm.email')} type="email" autoComplete="email" required {...field('email')} />
      <TextField optional label={t('contactForm.phone')} type="tel" autoComplete="tel" {...field('phone')} />
      <TextField optional label={t('contactForm.company')} autoComplete="organization" {...field('company')} />
      <TextField label={t('contactForm.subject')} required className="sm:col-span-2" {...field('subject')} />
      <TextAreaField label={t('contactForm.question')} required className="sm:col-span-2" {...field('question')} />
      <FormSubmit className="sm:col-span-2" {...submitOutcome(mutation, t('contactForm.success'), t('contactForm.failure'))} label={t('contactForm.submit')} />
    </PrerenderedForm>
  );
}
