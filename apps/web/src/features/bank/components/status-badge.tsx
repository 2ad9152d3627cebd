import type { IdentityVerificationStatus, InvitationStatus } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

const tones = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  bad: 'bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  neutral: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

const invitationTone: Record<InvitationStatus, keyof typeof tones> = {
  PENDING: 'waiting',
  ACCEPTED: 'good',
  REJECTED: 'bad',
  REVOKED: 'neutral',
  EXPIRED: 'neutral',
};

const verificationTone: Record<IdentityVerificationStatus, keyof typeof tones> = {
  created: 'waiting',
  in_progress: 'waiting',
  needs_review: 'waiting',
  approved: 'good',
  completed: 'good',
  success: 'good',
  succeeded: 'good',
  failed: 'bad',
  rejected: 'bad',
};

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation('bank');
  return <span className={clsx(badge, tones[invitationTone[status]])}>{t(`invitationStatus.${status}`)}</span>;
}

export function VerificationStatusBadge({ status }: { status: IdentityVerificationStatus }) {
  const { t } = useTranslation('bank');
  return <span className={clsx(badge, tones[verificationTone[status]])}>{t(`verificationStatus.${status}`)}</span>;
}
