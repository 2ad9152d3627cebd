import { isFinalVerificationStatus, successfulIdentityVerificationStatuses } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useIdentityVerification, useStartIdentityVerification } from '../api/bank-connection';
import { VerificationStatusBadge } from './status-badge';
import { useBankText } from './use-bank-error-text';

/** Identity verification: start, status refreshing while in progress, failure reasons when it fails. */
export function IdentityVerificationPanel() {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const verification = useIdentityVerification();
  const start = useStartIdentityVerification();
  return (
    <QueryState query={verification} size="md" loadingText={t('verification.loading')} errorTitle={t('verification.error')} retryLabel={t('actions.retry')}>
      {({ status, failure_reasons: reasons, verification_url: verificationUrl }) => {
        const canStart = status === null || (isFinalVerificationStatus(status) && !successfulIdentityVerificationStatuses.includes(status));
        return (
          <div className="flex flex-col items-start gap-3">
            {status ? (
              <p className="flex items-center gap-2 text-slate-800 dark:text-slate-200" aria-live="polite">
                {t('verification.status')} <VerificationStatusBadge status={status} />
              </p>
            ) : (
              <p className="text-slate-600 dark:text-slate-400">{t('verification.none')}</p>
            )}
            {status && !isFinalVerificationStatus(status) ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('verification.refreshing')}</p> : null}
            {verificationUrl ? (
              <a href={verificationUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName('secondary')}>
                {t('verification.continue')}
              </a>
            ) : null}
            {reasons.length > 0 ? (
              <div role="alert" className="text-sm text-red-800 dark:text-red-300">
                <p className="font-semibold">{t('verification.reasons')}</p>
                <ul className="list-disc pl-5">
                  {reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {canStart ? (
              <Button onClick={() => start.mutate()} disabled={start.isPending}>
                {status ? t('verification.retry') : t('verification.start')}
              </Button>
            ) : null}
            {start.isError ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {errorText(start.error)}
              </p>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
