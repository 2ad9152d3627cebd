import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { Alert } from '../components/alert';
import { AuthCard } from '../components/auth-card';
import { describeLinkError } from '../lib/auth-messages';

/** The link mailed to the old address when someone asks to change it: cancels the change. */
export default function CancelEmailChangePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const mutation = useCancelEmailChange();
  const { mutate } = mutation;
  const started = useRef(false);

  // Single-use token: sent once per page view, even when effects run twice (StrictMode).
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <AuthCard title={t('cancelChange.title')}>
        <Alert tone="error">{t('links.errors.missing')}</Alert>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('cancelChange.title')}>
        <Alert tone="success">
          <p className="font-semibold">{t('cancelChange.success', { email: mutation.data.email })}</p>
          <p className="mt-1">{t('cancelChange.successBody')}</p>
        </Alert>
        <Link to="/reset-password" className={buttonClassName('primary', 'mt-6 w-full')}>
          {t('cancelChange.resetPassword')}
        </Link>
      </AuthCard>
    );
  }

  if (mutation.isError) {
    return (
      <AuthCard title={t('cancelChange.title')}>
        <Alert tone="error">{t(`links.errors.${describeLinkError(mutation.error)}`)}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('cancelChange.title')}>
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5" />
        <span>{t('cancelChange.checking')}</span>
      </div>
    </AuthCard>
  );
}
