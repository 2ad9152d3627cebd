import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordFormSchema, type SetPasswordForm } from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useMe } from '../api/get-me';
import { useSetPassword } from '../api/set-password';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { SetPasswordFields } from '../components/set-password-fields';
import { PasswordField } from '@/components/ui/form-field';
import { SubmitButton } from '../components/submit-button';
import { withConfirmationCheck } from '../lib/confirmation-resolver';
import { useAuthMessage } from '../lib/auth-messages';
import { resolveLandingPath } from '../lib/navigation';
import ActivatePage from './activate-page';

const linkClassName = 'focus-ring rounded font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950';

interface FormValues extends SetPasswordForm {
  current_password?: string;
}

/**
 * /first-time-set-password, a public page (SPEC.md §2). Signed in: the account's first password,
 * POST /auth/password/set; an account that already has one must give it (the server asks for it),
 * so the page doubles as "change password" from the settings screen. A visitor with an invitation
 * link (`?token=`) chooses the password there, as on /activate; without one the page says how to
 * get here.
 */
export default function FirstTimeSetPasswordPage() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isRestoring) return <PageLoader />;
  if (!session.isAuthenticated) return params.get('token')?.trim() ? <ActivatePage /> : <NoLinkExplanation />;
  return <SetPasswordSignedIn />;
}

function NoLinkExplanation() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('setPassword.title')} subtitle={t('setPassword.visitor')}>
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          <Link to={`/login?next=${encodeURIComponent('/first-time-set-password')}`} className={linkClassName}>
            {t('setPassword.visitorSignIn')}
          </Link>
        </li>
        <li>
          <Link to="/reset-password" className={linkClassName}>
            {t('setPassword.visitorReset')}
          </Link>
        </li>
      </ul>
    </AuthCard>
  );
}

function SetPasswordSignedIn() {
  const { t } = useTranslation('auth');
  const authMessage = useAuthMessage();
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const me = useMe(session.isAuthenticated);
  const mutation = useSetPassword();
  const [failed, setFailed] = useState(false);
  const landing = resolveLandingPath({ role: session.role, is_superadmin: session.isSuperadmin });
  const needsCurrent = me.data?.has_password === true;

  const {
    register,
    onSubmit,
    setError,
    formState: { errors },
  } = useSubmitForm<FormValues>({
    resolver: withConfirmationCheck(zodResolver(setPasswordFormSchema)),
    emptyValues: { password: '', password_confirmation: '', current_password: '' },
    mode: 'onSubmit',
    // The page moves on to the landing page.
    keepValues: true,
    submit: async (values) => {
      setFailed(false);
      if (needsCurrent && !values.current_password) {
        setError('current_password', { type: 'required', message: t('validation.currentPasswordRequired') });
        return;
      }
      try {
        await mutation.mutateAsync({
          password: values.password,
          password_confirmation: values.password_confirmation,
          ...(needsCurrent ? { current_password: values.current_password } : {}),
        });
        toast.success(t('setPassword.saved'));
        await navigate(landing, { replace: true });
      } catch (error) {
        if (isApiError(error) && error.fields?.current_password) {
          setError('current_password', { type: 'server', message: error.fields.current_password });
        }
        setFailed(true);
      }
    },
  });

  return (
    <AuthCard
      title={t('setPassword.title')}
      subtitle={needsCurrent ? t('setPassword.subtitleChange') : t('setPassword.subtitle')}
      footer={
        <Link to={landing} className={linkClassName}>
          {t('setPassword.skip')}
        </Link>
      }
    >
      {me.isPending ? (
        <PageLoader />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('setPassword.title')}>
          {needsCurrent ? (
            <PasswordField
              id={`${id}-current`}
              label={t('form.currentPassword')}
              autoComplete="current-password"
              error={authMessage(errors.current_password?.message)}
              {...register('current_password')}
            />
          ) : null}
          <SetPasswordFields id={id} register={register} errors={errors} />
          {failed ? <Alert tone="error">{t('setPassword.failed')}</Alert> : null}
          <SubmitButton busy={mutation.isPending} label={t('setPassword.submit')} busyLabel={t('form.saving')} />
        </form>
      )}
    </AuthCard>
  );
}
