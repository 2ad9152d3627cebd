import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_RESET_TTL_HOURS,
  forgotPasswordBodySchema,
  setPasswordFormSchema,
  type ForgotPasswordBody,
  type SetPasswordForm,
} from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useResetTokenCheck } from '../api/check-reset-token';
import { PageLoader } from '@/components/ui/spinner';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { SetPasswordFields } from '../components/set-password-fields';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '../components/submit-button';
import { withConfirmationCheck } from '../lib/confirmation-resolver';
import { describeLinkError, describeLoginError, useAuthMessage } from '../lib/auth-messages';

const linkClassName = 'focus-ring rounded font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950';

/** Without a token: ask for the reset link by email. */
function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const authMessage = useAuthMessage();
  const id = useId();
  const mutation = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ kind: 'unknown' | 'other'; text: string } | null>(null);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    emptyValues: { email: '' },
    mode: 'onSubmit',
    // After a success the page says where the link went, instead of the form.
    keepValues: true,
    submit: async ({ email }) => {
      setFailure(null);
      try {
        await mutation.mutateAsync(email);
        setSentTo(email);
      } catch (error) {
        if (isApiError(error) && error.code === 'USER_NOT_FOUND') {
          setFailure({ kind: 'unknown', text: t('forgot.unknownEmail') });
          return;
        }
        const [key] = describeLoginError(error);
        setFailure({ kind: 'other', text: t(`login.errors.${key}`) });
      }
    },
  });

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.title')}>
        <Alert tone="success">
          <p className="font-semibold">{t('forgot.sentTitle')}</p>
          <p className="mt-1">{t('forgot.sentBody', { email: sentTo, hours: PASSWORD_RESET_TTL_HOURS })}</p>
        </Alert>
        <Link to="/login" className={buttonClassName('secondary', 'mt-6 w-full')}>
          {t('forgot.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className={linkClassName}>
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('forgot.title')}>
        <TextField id={id} label={t('form.email')} type="email" autoComplete="email" inputMode="email" error={authMessage(errors.email?.message)} {...register('email')} />
        {failure ? (
          <Alert tone="error">
            <p>{failure.text}</p>
            {failure.kind === 'unknown' ? (
              <p className="mt-2">
                <Link to="/register" className={linkClassName}>
                  {t('forgot.signUp')}
                </Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <SubmitButton busy={mutation.isPending} label={t('forgot.submit')} busyLabel={t('form.sending')} />
      </form>
    </AuthCard>
  );
}

/** With a token: the new password (≥ 6 characters) and its confirmation. */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const mutation = useResetPassword();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<SetPasswordForm>({
    resolver: withConfirmationCheck(zodResolver(setPasswordFormSchema)),
    emptyValues: { password: '', password_confirmation: '' },
    mode: 'onSubmit',
    // The mutation's state says how it went (the success screen replaces the form).
    keepValues: true,
    submit: async (values) => mutation.mutate({ token, ...values }),
  });

  // The link is checked on arrival: a used or expired one is said at once, not after the form.
  const check = useResetTokenCheck(token);

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert tone="success">
          <p className="font-semibold">{t('reset.success')}</p>
          <p className="mt-1">{t('reset.successBody')}</p>
        </Alert>
        <Link to="/login" className={buttonClassName('primary', 'mt-6 w-full')}>
          {t('verify.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title={t('reset.title')}>
        <PageLoader />
      </AuthCard>
    );
  }
  const deadLink = check.isError ? describeLinkError(check.error) : null;
  if (deadLink === 'expired' || deadLink === 'used' || deadLink === 'invalid') {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert tone="error">
          <p>{t(`links.errors.${deadLink}`)}</p>
          <p className="mt-2">
            <Trans t={t} i18nKey="reset.askAgain" components={{ forgot: <Link to="/reset-password" className={linkClassName} /> }} />
          </p>
        </Alert>
        <p className="mt-4 text-sm">
          <Link to="/login" className={linkClassName}>
            {t('verify.goToLogin')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const linkError = mutation.isError ? describeLinkError(mutation.error) : null;
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('reset.title')}>
        <SetPasswordFields id={id} register={register} errors={errors} />
        {linkError ? (
          <Alert tone="error">
            <p>{t(`links.errors.${linkError}`)}</p>
            {linkError === 'expired' || linkError === 'used' || linkError === 'invalid' ? (
              <p className="mt-2">
                <Trans t={t} i18nKey="reset.askAgain" components={{ forgot: <Link to="/reset-password" className={linkClassName} /> }} />
              </p>
            ) : null}
          </Alert>
        ) : null}
        <SubmitButton busy={mutation.isPending} label={t('reset.submit')} busyLabel={t('form.saving')} />
      </form>
    </AuthCard>
  );
}

/** /reset-password: the forgot-password form, or the new-password form when the mailed link's token is present. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return token ? <NewPasswordForm key={token} token={token} /> : <ForgotPasswordForm />;
}
