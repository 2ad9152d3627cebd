import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLeadBodySchema,
  employeeRanges,
  geographicRegions,
  leadIndustries,
  operationalScales,
  subscriptionInterests,
  type CreateLeadBody,
  type LeadInput,
} from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { CheckboxGroup, FormSubmit, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { useFormMessage } from '@/lib/use-form-message';
import { submitOutcome, useSubmitForm } from '@/lib/use-submit-form';
import { useCreateLead } from '../api/create-lead';

const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'employees',
  'industry',
  'interests',
  'regions',
  'operational_scale',
  'message',
] as const;

const emptyValues: CreateLeadBody = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company: '',
  job_title: '',
  employees: '',
  industry: '',
  interests: [],
  regions: [],
  operational_scale: '',
  message: '',
};

/** The sales/lead form (SPEC.md §3, §5): company profile and the subscription interests. */
export function LeadForm() {
  const { t } = useTranslation(['public', 'forms']);
  const formMessage = useFormMessage();
  const mutation = useCreateLead();
  const {
    register,
    onSubmit,
    field,
    formState: { errors },
  } = useSubmitForm<CreateLeadBody, LeadInput>({
    resolver: zodResolver(createLeadBodySchema),
    emptyValues,
    fieldNames,
    submit: (values) => mutation.mutateAsync(values),
  });

  const options = (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`leadForm.options.${group}.${value}`) }));
  const groupError = (error: { message?: string } | readonly ({ message?: string } | undefined)[] | undefined) =>
    formMessage(Array.isArray(error) ? error.find(Boolean)?.message : (error as { message?: string } | undefined)?.message);

  return (
    <PrerenderedForm onSubmit={onSubmit} aria-label={t('leadForm.label')} className="flex flex-col gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('leadForm.sections.you')}</legend>
        <TextField label={t('leadForm.firstName')} autoComplete="given-name" required {...field('first_name')} />
        <TextField label={t('leadForm.lastName')} autoComplete="family-name" required {...field('last_name')} />
        <TextField label={t('leadForm.email')} type="email" autoComplete="email" required {...field('email')} />
        <TextField optional label={t('leadForm.phone')} type="tel" autoComplete="tel" hint={t('leadForm.phoneHint')} {...field('phone')} />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('leadForm.sections.company')}</legend>
        <TextField label={t('leadForm.company')} autoComplete="organization" required {...field('company')} />
        <TextField optional label={t('leadForm.jobTitle')} autoComplete="organization-title" {...field('job_title')} />
        <SelectField
          optional
          label={t('leadForm.employees')}
          placeholder={t('leadForm.choose')}
          options={options('employees', employeeRanges)}
          {...field('employees')}
        />
        <SelectField
          optional
          label={t('leadForm.industry')}
          placeholder={t('leadForm.choose')}
          options={options('industry', leadIndustries)}
          {...field('industry')}
        />
        <SelectField
          optional
          label={t('leadForm.operationalScale')}
          placeholder={t('leadForm.choose')}
          options={options('operationalScale', operationalScales)}
          {...field('operational_scale')}
        />
      </fieldset>

      <CheckboxGroup
        legend={t('leadForm.interests')}
        required
        options={options('interests', subscriptionInterests)}
        error={groupError(errors.interests)}
        inputProps={register('interests')}
      />
      <CheckboxGroup
        legend={t('leadForm.regions')}
        options={options('regions', geographicRegions)}
        error={groupError(errors.regions)}
        inputProps={register('regions')}
      />
      <TextAreaField optional label={t('leadForm.message')} {...field('message')} />

      <FormSubmit {...submitOutcome(mutation, t('leadForm.success'), t('leadForm.failure'))} label={t('leadForm.submit')} />
    </PrerenderedForm>
  );
}
