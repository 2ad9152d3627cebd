import type { ApiKey, CreatedApiKey } from '@fueldesk/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/controls';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { FormOutcome } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { resolveErrorMessage } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CopyButton } from '../components/copy-button';
import { CreateKeyForm } from '../components/create-key-form';

const statusLooks: Record<ApiKey['status'], string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-200',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200',
};

/** The key just created, shown this once; it lives in this component's state only. */
function CreatedKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('developers');
  const [copyFailed, setCopyFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="created-key-heading" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-500/40 dark:bg-amber-500/10">
      <h2 id="created-key-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('keys.created.heading', { name: created.name })}
      </h2>
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{t('keys.created.warning')}</p>
      <label htmlFor="created-key" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('keys.created.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="created-key"
          readOnly
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          className="focus-ring w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <CopyButton text={created.key} label={t('keys.created.copy')} copiedLabel={t('keys.created.copied')} onFailure={() => setCopyFailed(true)} />
      </div>
      {copyFailed ? <FormOutcome kind="error">{t('keys.created.copyFailed')}</FormOutcome> : null}
      <div>
        <Button onClick={onDone}>{t('keys.created.done')}</Button>
      </div>
    </section>
  );
}

function KeyList({ onRevoke }: { onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  const when = (value: string | null, none: string) => (value ? dateFormat.format(new Date(value)) : none);

  return (
    <QueryState
      query={keys}
      size="md"
      loadingText={t('keys.list.loading')}
      errorTitle={t('keys.list.error')}
      retryLabel={t('keys.list.retry')}
      isEmpty={(data) => data.keys.length === 0}
      emptyText={t('keys.list.empty')}
    >
      {(data) => (
        <ul className="flex flex-col gap-3">
          {data.keys.map((key) => (
            <li key={key.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                  <h3 className="font-semibold break-words text-slate-900 dark:text-slate-100">{key.name}</h3>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusLooks[key.status]}`}>{t(`keys.status.${key.status}`)}</span>
                </div>
                {key.status === 'active' ? (
                  <Button variant="secondary" aria-label={t('keys.list.revokeLabel', { name: key.name })} onClick={() => onRevoke(key)}>
                    {t('keys.list.revoke')}
                  </Button>
                ) : null}
              </div>
              <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                {(
                  [
                    ['prefix', <code key="prefix" className="font-mono">{`${key.prefix}…`}</code>],
                    ['scopes', key.scopes.join(', ')],
                    ['usage', new Intl.NumberFormat(getCurrentLanguage()).format(key.usage_count)],
                    ['created', when(key.created_at, '')],
                    ['expires', when(key.expires_at, t('keys.list.noExpiry'))],
                    ['lastUsed', when(key.last_used_at, t('keys.list.never'))],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-slate-600 dark:text-slate-400">{t(`keys.list.${label}`)}</dt>
                    <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** `/settings/api-keys`: create (shown once), list and revoke personal API keys. */
export default function ApiKeysPage() {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 p-4 sm:p-6">
      <div className="flex flex-col gap-2">
        <p className="text-slate-700 dark:text-slate-300">{t('keys.intro')}</p>
        {keys.data ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('keys.limits', {
              limit: keys.data.limit,
              perMinute: keys.data.rate_limit_per_minute,
              names: new Intl.NumberFormat(getCurrentLanguage()).format(keys.data.screening_names_per_day),
            })}
          </p>
        ) : null}
        <Link to="/developers" className="focus-ring self-start rounded text-sm font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
          {t('keys.developersLink')}
        </Link>
      </div>
      {created ? <CreatedKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <CreateKeyForm
          onCreated={(key) => {
            setRevoked(null);
            setCreated(key);
          }}
        />
      </div>
      <section aria-labelledby="api-keys-list" className="flex flex-col gap-4">
        <h2 id="api-keys-list" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('keys.list.heading')}
        </h2>
        {revoked ? <FormOutcome kind="success">{t('keys.revoke.done', { name: revoked })}</FormOutcome> : null}
        {revoke.isError ? <FormOutcome kind="error">{`${t('keys.revoke.failure')} ${resolveErrorMessage(revoke.error)}`}</FormOutcome> : null}
        <KeyList
          onRevoke={(key) => {
            revoke.reset();
            setRevoking(key);
          }}
        />
      </section>
      {/* No failedText: the dialog closes either way, the outcome is said above the list. */}
      <ConfirmDeleteDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title={t('keys.revoke.title', { name: revoking?.name ?? '' })}
        description={() => t('keys.revoke.description')}
        confirmLabel={t('keys.revoke.confirm')}
        cancelLabel={t('keys.revoke.cancel')}
        mutation={revoke}
        onDeleted={(key) => setRevoked(key.name)}
      />
    </div>
  );
}
