import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyEmail } from '../api/verify-email';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { TextField } from '@/components/ui/form-field';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { describeLinkError } from '../lib/auth-messages';

/** Seconds the success message stays before the login page opens by itself. */
const REDIRECT_SECONDS = 5;

function ResendForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const [email, setEmail] = useState('');
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <h2 className="text-base font-semibold text-slate-900">{t('verify.resendTitle')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('verify.resendBody')}</p>
      <div className="mt-3 flex flex-col gap-3">
        <TextField id={id} label={t('form.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value.trim())} />
        <ResendVerificationButton email={email} variant="primary" />
      </div>
    </div>
  );
}

/**
 * The outcome of a verification link (any path containing /verify-email, `token` in the query):
 * success then the login page, or why the link failed and a form to get a new one.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const mutation = useVerifyEmail();
  const { mutate } = mutation;
  const started = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  // A token is single-use: it is sent once per page view, even when effects run twice (StrictMode).
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const email = mutation.data?.email ?? '';
  const loginPath = email ? `/login?email=${encodeURIComponent(email)}` : '/login';

  useEffect(() => {
    if (!mutation.isSuccess) return;
    if (secondsLeft <= 0) {
      void navigate(loginPath, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, secondsLeft, navigate, loginPath]);

  if (!token) {
    return (
      <AuthCard title={t('verify.title')}>
        <Alert tone="error">{t('links.errors.missing')}</Alert>
        <ResendForm />
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('verify.title')}>
        <Alert tone="success">
          <p className="font-semibold">{t('verify.success')}</p>
          <p className="mt-1">{t('verify.successBody', { email })}</p>
        </Alert>
        <Link to={loginPath} className={buttonClassName('primary', 'mt-6 w-full')}>
          {t('verify.goToLogin')}
        </Link>
        <p className="mt-3 text-center text-sm text-slate-600" aria-live="off">
          {t('verify.redirecting', { count: secondsLeft })}
        </p>
      </AuthCard>
    );
  }

  if (mutation.isError) {
    const kind = describeLinkError(mutation.error);
    return (
      <AuthCard title={t('verify.title')}>
        <Alert tone={kind === 'alreadyVerified' ? 'info' : 'error'}>{t(`links.errors.${kind}`)}</Alert>
        {kind === 'used' || kind === 'alreadyVerified' ? (
          <Link to="/login" className={buttonClassName('primary', 'mt-6 w-full')}>
            {t('verify.goToLogin')}
          </Link>
        ) : null}
        <ResendForm />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('verify.title')}>
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5" />
        <span>{t('verify.checking')}</span>
      </div>
    </AuthCard>
  );
}
