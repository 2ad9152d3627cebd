import type { InvitationDetail } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/lib/i18n';
import { VerificationStatusBadge } from './status-badge';

const term = 'text-slate-600 dark:text-slate-400';
const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/** "Simulated data (sandbox)": shown wherever data from the built-in sandbox bank appears. */
export function SimulatedBadge({ long = false }: { long?: boolean }) {
  const { t } = useTranslation('bank');
  return (
    <span className={clsx(pill, 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200')} title={t('shared.simulatedNote')}>
      {t(long ? 'check.providerSandbox' : 'shared.simulated')}
    </span>
  );
}

/**
 * What the inviter needs first: whether the counterparty's identity verification passed (with its
 * reasons), whether the bank's account owner is the counterparty they named, which provider the
 * data comes from (a sandbox one is simulated) and when it was read.
 */
export function CounterpartyCheck({ detail }: { detail: InvitationDetail }) {
  const { t } = useTranslation('bank');
  const language = getCurrentLanguage();
  const verification = detail.identity_verification;
  const match = detail.name_match;
  const percent = (score: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(score);
  let nameCheck;
  if (!detail.counterparty_name) nameCheck = <p>{t('check.noCounterparty')}</p>;
  else if (match) {
    nameCheck = (
      <div className="flex flex-col gap-1">
        <p>
          <span className={term}>{t('check.named')}:</span> <span className="font-medium">{detail.counterparty_name}</span>
        </p>
        <p>
          <span className={term}>{t('check.owner')}:</span> {match.name ? <span className="font-medium">{match.name}</span> : t('check.noOwner')}
        </p>
        <p>
          <span
            data-testid="name-match"
            className={clsx(
              pill,
              match.matched
                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200'
                : 'bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200',
            )}
          >
            {t(match.matched ? 'check.matched' : 'check.notMatched', { score: percent(match.score) })}
          </span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{match.explanation}</p>
      </div>
    );
  } else if (detail.data) nameCheck = <p>{t('check.noIdentityScope', { name: detail.counterparty_name })}</p>;
  else {
    nameCheck = (
      <p>
        <span className={term}>{t('check.named')}:</span> <span className="font-medium">{detail.counterparty_name}</span>. {t('check.waiting')}
      </p>
    );
  }
  return (
    <section aria-labelledby="counterparty-check" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id="counterparty-check" className="mb-3 font-semibold text-slate-900 dark:text-slate-100">
        {t('check.heading')}
      </h3>
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]">
        <dt className={term}>{t('check.identity')}</dt>
        <dd className="flex flex-col gap-1">
          {verification.status ? (
            <span className="flex flex-wrap items-center gap-2">
              <VerificationStatusBadge status={verification.status} />
              {verification.completed_at ? <span>{t('check.completedAt', { when: formatWhen(verification.completed_at, language) })}</span> : null}
            </span>
          ) : (
            <span>{t('check.notStarted')}</span>
          )}
          {verification.failure_reasons.length ? (
            <span>
              {t('check.reasons')}: {verification.failure_reasons.join('; ')}
            </span>
          ) : null}
        </dd>
        <dt className={term}>{t('check.nameMatch')}</dt>
        <dd>{nameCheck}</dd>
        <dt className={term}>{t('check.provider')}</dt>
        <dd>{detail.provider === 'sandbox' ? <SimulatedBadge long /> : t('check.providerPlaid')}</dd>
        <dt className={term}>{t('check.asOf')}</dt>
        <dd>{detail.as_of ? <time dateTime={detail.as_of}>{formatWhen(detail.as_of, language)}</time> : t('check.notRead')}</dd>
      </dl>
    </section>
  );
}
