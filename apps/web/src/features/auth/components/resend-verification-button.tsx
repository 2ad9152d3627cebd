import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** Sends the verification mail again to `email` and says how that went. */
export function ResendVerificationButton({ email, variant = 'secondary' }: { email: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('auth');
  const mutation = useResendVerification();

  let feedback: string | null = null;
  if (mutation.isSuccess) feedback = t('resend.sent', { email });
  else if (mutation.isError) {
    const code = isApiError(mutation.error) ? mutation.error.code : null;
    feedback =
      code === 'RATE_LIMITED'
        ? t('login.errors.waitMinute')
        : code === 'EMAIL_ALREADY_VERIFIED'
          ? t('resend.alreadyVerified')
          : code === 'USER_NOT_FOUND'
            ? t('login.errors.userNotFound')
            : t('resend.failed');
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant={variant} disabled={mutation.isPending || !email} onClick={() => mutation.mutate(email)}>
        {mutation.isPending ? t('resend.sending') : t('resend.button')}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {feedback}
      </p>
    </div>
  );
}
