import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_VERIFICATION_TTL_HOURS, registerFormSchema, type RegisterForm } from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { getCurrentLanguage } from '@/lib/i18n';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useRegister } from '../api/register';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { CheckboxField, NewPasswordFields, TextField } from '@/components/ui/form-field';
import { PasswordRules } from '../components/password-rules';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { SubmitButton } from '../components/submit-button';
import { withConfirmationCheck } from '../lib/confirmation-resolver';
import { useAuthMessage } from '../lib/auth-messages';
import { PrerenderedForm } from '@/components/ui/prerendered-form';

const linkClassName = 'focus-ring rounded font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950';

type FieldName = keyof RegisterForm;
const fieldNames: FieldName[] = ['first_name', 'last_name', 'email', 'company', 'password', 'password_confirmation', 'accept_terms', 'accept_privacy'];

const emptyValues = {
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  password: '',
  password_confirmation: '',
  accept_terms: false,
  accept_privacy: false,
} as unknown as RegisterForm;

function RegisteredScreen({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('register.doneTitle')}>
      <Alert tone="success">
        <p className="font-semibold">{t('register.doneCheckInbox')}</p>
        <p className="mt-1">{t('register.doneBody', { email, hours: EMAIL_VERIFICATION_TTL_HOURS })}</p>
      </Alert>
      <p className="mt-5 text-sm text-slate-700">{t('register.doneNoMail')}</p>
      <div className="mt-3">
        <ResendVerificationButton email={email} />
      </div>
      <p className="mt-6 text-sm">
        <Link to={`/login?email=${encodeURIComponent(email)}`} className={linkClassName}>
          {t('register.goToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}

/** Sign up (SPEC.md §5): live password rules, confirmation, terms and privacy, then "check your inbox". */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const authMessage = useAuthMessage();
  const formId = useId();
  const mutation = useRegister();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    onSubmit,
    setError,
    control,
    formState: { errors },
  } = useSubmitForm<RegisterForm>({
    resolver: withConfirmationCheck(zodResolver(registerFormSchema)),
    emptyValues,
    // Errors appear on the first submit, not on blur: a message appearing under a field as it loses
    // focus would move the submit button away from the pointer that is clicking it (then on change).
    mode: 'onSubmit',
    // The page shows the "check your inbox" screen instead of the form.
    keepValues: true,
    submit: async (values) => {
      setFailure(null);
      try {
        await mutation.mutateAsync({ ...values, company: values.company || null, language: getCurrentLanguage() });
        setRegisteredEmail(values.email);
      } catch (error) {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          setError('email', { type: 'server', message: t('register.emailTaken') });
          return;
        }
        if (isApiError(error) && error.code === 'RATE_LIMITED') {
          setFailure(t('login.errors.waitMinute'));
          return;
        }
        applyServerFieldErrors(error, fieldNames, setError);
        setFailure(isApiError(error) && error.status >= 500 ? t('login.errors.server') : resolveErrorMessage(error));
      }
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  if (registeredEmail) return <RegisteredScreen email={registeredEmail} />;

  const id = (name: FieldName) => `${formId}-${name}`;
  const error = (name: FieldName) => authMessage(errors[name]?.message);

  return (
    <AuthCard
      wide
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={<Trans t={t} i18nKey="register.haveAccount" components={{ signIn: <Link to="/login" className={linkClassName} /> }} />}
    >
      <PrerenderedForm onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('register.formLabel')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={id('first_name')} label={t('form.firstName')} autoComplete="given-name" error={error('first_name')} {...register('first_name')} />
          <TextField id={id('last_name')} label={t('form.lastName')} autoComplete="family-name" error={error('last_name')} {...register('last_name')} />
        </div>
        <TextField id={id('email')} label={t('form.email')} type="email" autoComplete="email" inputMode="email" error={error('email')} {...register('email')} />
        <TextField id={id('company')} label={t('form.company')} autoComplete="organization" optional error={error('company')} {...register('company')} />
        <NewPasswordFields
          id={formId}
          passwordLabel={t('form.password')}
          confirmationLabel={t('form.passwordConfirmation')}
          password={register('password')}
          confirmation={register('password_confirmation')}
          passwordError={error('password')}
          confirmationError={error('password_confirmation')}
          passwordHint={<PasswordRules value={password} />}
        />
        <CheckboxField
          id={id('accept_terms')}
          error={error('accept_terms')}
          label={<Trans t={t} i18nKey="register.acceptTerms" components={{ terms: <Link to="/Policy/Terms" target="_blank" className={linkClassName} /> }} />}
          {...register('accept_terms')}
        />
        <CheckboxField
          id={id('accept_privacy')}
          error={error('accept_privacy')}
          label={<Trans t={t} i18nKey="register.acceptPrivacy" components={{ privacy: <Link to="/Policy/Privacy" target="_blank" className={linkClassName} /> }} />}
          {...register('accept_privacy')}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <SubmitButton busy={mutation.isPending} label={t('register.submit')} busyLabel={t('register.submitting')} />
      </PrerenderedForm>
    </AuthCard>
  );
}
