import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordFormSchema, type SetPasswordForm } from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { signIn, startLoginLoader } from '@/lib/auth-store';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useActivation } from '../api/get-activation';
import { useCompleteActivation } from '../api/complete-activation';
import { login } from '../api/login';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { SetPasswordFields } from '../components/set-password-fields';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '../components/submit-button';
import { withConfirmationCheck } from '../lib/confirmation-resolver';
import { describeLinkError, describeLoginError, type LoginErrorKey } from '../lib/auth-messages';
import { resolveLandingPath } from '../lib/navigation';

const linkClassName = 'focus-ring rounded font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950';

/**
 * /activate?token: an invitee sees who invited them, chooses a password, is signed in and lands
 * where their role allows (a cliente on /bank/verification, DECISIONS.md).
 */
export default function ActivatePage() {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const details = useActivation(token);
  const activation = useCompleteActivation();
  const [signInFailure, setSignInFailure] = useState<{ keys: LoginErrorKey[]; email: string } | null>(null);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<SetPasswordForm>({
    resolver: withConfirmationCheck(zodResolver(setPasswordFormSchema)),
    emptyValues: { password: '', password_confirmation: '' },
    mode: 'onSubmit',
    // The page signs in and moves on.
    keepValues: true,
    submit: async (values) => {
      // The form shows only once the invitation loaded (below).
      const invitation = details.data;
      if (!token || !invitation) return;
      setSignInFailure(null);
      try {
        await activation.mutateAsync({ token, ...values });
      } catch {
        return;
      }
      try {
        const answer = await login({ email: invitation.email, password: values.password });
        startLoginLoader();
        signIn({ accessToken: answer.access_token, refreshToken: answer.refresh_token }, answer.user);
        await navigate(resolveLandingPath(answer.user), { replace: true });
      } catch (error) {
        setSignInFailure({ keys: describeLoginError(error), email: invitation.email });
      }
    },
  });

  if (!token) {
    return (
      <AuthCard title={t('activate.title')}>
        <Alert tone="error">{t('links.errors.missing')}</Alert>
      </AuthCard>
    );
  }
  if (details.isPending) {
    return (
      <AuthCard title={t('activate.title')}>
        <PageLoader />
      </AuthCard>
    );
  }
  if (details.isError) {
    return (
      <AuthCard title={t('activate.title')}>
        <Alert tone="error">{t(`links.errors.${describeLinkError(details.error)}`)}</Alert>
        <p className="mt-4 text-sm text-slate-700">{t('activate.askInviter')}</p>
        <p className="mt-4 text-sm">
          <Link to="/login" className={linkClassName}>
            {t('verify.goToLogin')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const invitation = details.data;
  const name = [invitation.first_name, invitation.last_name].filter(Boolean).join(' ');
  const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(invitation.expires_at));

  if (signInFailure) {
    return (
      <AuthCard title={t('activate.title')}>
        <Alert tone="success">{t('activate.done')}</Alert>
        <Alert tone="error" className="mt-4">
          {signInFailure.keys.map((key) => (
            <p key={key}>{t(`login.errors.${key}`)}</p>
          ))}
        </Alert>
        <p className="mt-4 text-sm">
          <Link to={`/login?email=${encodeURIComponent(signInFailure.email)}&next=%2Fbank%2Fverification`} className={linkClassName}>
            {t('verify.goToLogin')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const activationError = activation.isError ? describeLinkError(activation.error) : null;
  return (
    <AuthCard
      title={t('activate.title')}
      subtitle={invitation.invited_by ? t('activate.invitedBy', { inviter: invitation.invited_by }) : t('activate.invited')}
    >
      <dl className="mb-5 grid gap-2 rounded-lg bg-slate-50 p-4 text-sm">
        {name ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-600">{t('activate.name')}</dt>
            <dd className="text-slate-900">{name}</dd>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-600">{t('activate.expires')}</dt>
          <dd className="text-slate-900">{expires}</dd>
        </div>
      </dl>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('activate.title')}>
        <TextField id={`${id}-email`} label={t('form.email')} type="email" value={invitation.email} readOnly autoComplete="username" />
        <SetPasswordFields id={id} register={register} errors={errors} />
        {activationError ? <Alert tone="error">{t(`links.errors.${activationError}`)}</Alert> : null}
        <SubmitButton busy={activation.isPending || activation.isSuccess} label={t('activate.submit')} busyLabel={t('activate.submitting')} />
      </form>
    </AuthCard>
  );
}
