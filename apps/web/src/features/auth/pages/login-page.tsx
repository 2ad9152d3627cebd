import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, type LoginBody } from '@fueldesk/contracts';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { clearSignOutReason, startLoginLoader, useSession } from '@/lib/auth-store';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useLogin } from '../api/login';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { SubmitButton } from '../components/submit-button';
import { describeLoginError, useAuthMessage, type LoginErrorKey } from '../lib/auth-messages';
import { readSafeNext, resolveLandingPath } from '../lib/navigation';
import { PrerenderedForm } from '@/components/ui/prerendered-form';

const linkClassName = 'focus-ring rounded font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950';

/**
 * Sign in. `reason` explains a forced sign-out (invite, concurrency, revoked, password, expired); `next` is where to go back
 * to. No social sign-in button: the server exposes no OpenID Connect endpoint yet (DECISIONS.md
 * hides it when none is configured).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const authMessage = useAuthMessage();
  const formId = useId();
  const [params] = useSearchParams();
  const session = useSession();
  const mutation = useLogin();
  const [failure, setFailure] = useState<{ keys: LoginErrorKey[]; email: string } | null>(null);

  const reason = params.get('reason');
  const next = readSafeNext(params.get('next'));

  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    emptyValues: { email: params.get('email') ?? '', password: '' },
    mode: 'onSubmit',
    keepValues: true,
    submit: async (values) => {
      setFailure(null);
      try {
        const answer = await mutation.mutateAsync(values);
        startLoginLoader();
        session.signIn({ accessToken: answer.access_token, refreshToken: answer.refresh_token }, answer.user);
      } catch (error) {
        setFailure({ keys: describeLoginError(error), email: values.email });
      }
    },
  });

  useEffect(() => clearSignOutReason(), []);

  if (session.isAuthenticated) {
    const target = next ?? resolveLandingPath({ role: session.role, is_superadmin: session.isSuperadmin });
    return <Navigate to={target} replace />;
  }

  const ids = { email: `${formId}-email`, password: `${formId}-password` };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Trans
          t={t}
          i18nKey="login.noAccount"
          components={{ signUp: <Link to={next ? `/register?next=${encodeURIComponent(next)}` : '/register'} className={linkClassName} /> }}
        />
      }
    >
      {reason === 'concurrency' || reason === 'revoked' || reason === 'password' || reason === 'expired' ? (
        <Alert tone="warning" className="mb-5">
          <p className="font-semibold">{t(`login.reasons.${reason}`)}</p>
          <p className="mt-1">{t(`login.reasons.${reason}Help`)}</p>
        </Alert>
      ) : null}
      {reason === 'invite' ? (
        <Alert tone="info" className="mb-5">
          <p className="font-semibold">{t('login.reasons.invite')}</p>
          <p className="mt-1">{t('login.reasons.inviteHelp')}</p>
        </Alert>
      ) : null}

      <PrerenderedForm onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('login.formLabel')}>
        <TextField
          id={ids.email}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={authMessage(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          id={ids.password}
          label={t('form.password')}
          autoComplete="current-password"
          error={authMessage(errors.password?.message)}
          {...register('password')}
        />
        <div className="-mt-1 text-right text-sm">
          <Link to="/reset-password" className={linkClassName}>
            {t('login.forgot')}
          </Link>
        </div>

        {failure ? (
          <Alert tone="error">
            {failure.keys.map((key) => (
              <p key={key} className="first:font-semibold">
                {t(`login.errors.${key}`)}
              </p>
            ))}
            {failure.keys.includes('emailNotVerified') ? (
              <div className="mt-3">
                <ResendVerificationButton email={failure.email} />
              </div>
            ) : null}
            {failure.keys.includes('userNotFound') ? (
              <p className="mt-2">
                <Link to="/register" className={linkClassName}>
                  {t('login.createAccount')}
                </Link>
              </p>
            ) : null}
          </Alert>
        ) : null}

        <SubmitButton busy={mutation.isPending} label={t('login.submit')} busyLabel={t('login.submitting')} />
      </PrerenderedForm>
    </AuthCard>
  );
}
