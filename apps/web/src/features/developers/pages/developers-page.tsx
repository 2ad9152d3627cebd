import { apiKeyScopes } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_BASE_PATH } from '@/lib/api-base';
import { CopyButton } from '../components/copy-button';
import { curlExamples } from '../lib/examples';

function CodeBlock({ id, title, code }: { id: string; title: string; code: string }) {
  const { t } = useTranslation('developers');
  return (
    <figure aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={id} className="font-medium text-slate-900 dark:text-slate-100">
          {title}
        </figcaption>
        <CopyButton text={code} label={t('developers.copy')} copiedLabel={t('developers.copied')} ariaLabel={`${t('developers.copy')}: ${title}`} />
      </div>
      <pre aria-labelledby={id} tabIndex={0} className="focus-ring relative overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** `/developers`: how to call the API with a key: base URL, header, scopes, limits, curl examples, OpenAPI. */
export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  // No window in the build's phone frame of this page (prerender/render-frame.tsx): the path alone there.
  const base = `${typeof window === 'undefined' ? '' : window.location.origin}${API_BASE_PATH}`;
  const examples = curlExamples(base);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 p-4 sm:p-6">
      <div className="flex flex-col gap-2">
        <p className="text-slate-700 dark:text-slate-300">{t('developers.intro')}</p>
        <Link to="/settings/api-keys" className="focus-ring self-start rounded text-sm font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
          {t('developers.keysLink')}
        </Link>
      </div>
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
        <div className="min-w-0">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('developers.baseUrl')}</dt>
          <dd className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{base}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('developers.header')}</dt>
          <dd className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">Authorization: Bearer fd_…</dd>
          <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('developers.headerHint')}</dd>
        </div>
      </dl>
      <section aria-labelledby="dev-scopes" className="flex flex-col gap-3">
        <h2 id="dev-scopes" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('developers.scopesHeading')}
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          {apiKeyScopes.map((scope) => (
            <li key={scope} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <code className="font-mono font-semibold text-slate-900 sm:w-36 sm:shrink-0 dark:text-slate-100">{scope}</code>
              <span className="text-slate-700 dark:text-slate-300">{t(`developers.scopeRoutes.${scope}`)}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('developers.scopeOther')}</p>
      </section>
      <section aria-labelledby="dev-limits" className="flex flex-col gap-3">
        <h2 id="dev-limits" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('developers.limitsHeading')}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('developers.limits')}</p>
      </section>
      <section aria-labelledby="dev-examples" className="flex flex-col gap-5">
        <h2 id="dev-examples" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('developers.examplesHeading')}
        </h2>
        <CodeBlock id="example-daily" title={t('developers.daily')} code={examples.daily} />
        <CodeBlock id="example-history" title={t('developers.history')} code={examples.history} />
        <CodeBlock id="example-batch" title={t('developers.batch')} code={examples.batch} />
      </section>
      <section aria-labelledby="dev-openapi" className="flex flex-col gap-2">
        <h2 id="dev-openapi" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('developers.openapi')}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('developers.openapiHint')}</p>
        <a href={`${API_BASE_PATH}/docs`} className="focus-ring self-start rounded text-sm font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
          {`${base}/docs`}
        </a>
      </section>
    </div>
  );
}
