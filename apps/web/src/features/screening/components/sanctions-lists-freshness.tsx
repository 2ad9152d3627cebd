import { sanctionsListName, sanctionsSources, type SanctionsSource, type ScreeningImportResponse, type ScreeningListsResponse } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/controls';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';
import { formatListFigures, missingListNames, uploadSanctionsLists } from '../api/sanctions-lists';

/**
 * Each loaded list by its human name: figures, publication date and age, version, and — in words a
 * compliance officer cannot miss — whether it is out of date or undated; with `details`, the daily
 * download's last check, change, error and next run too.
 */
export function ListFreshnessItems({ status, details = false }: { status: ScreeningListsResponse; details?: boolean }) {
  const { t } = useTranslation('lists');
  const language = getCurrentLanguage();
  const staleCount = status.lists.filter((list) => list.stale).length;
  const missing = missingListNames(status, language);
  return (
    <div className="flex flex-col gap-2">
      {staleCount > 0 ? (
        <p role="note" className="rounded-md border border-red-300 bg-red-50 p-2 font-semibold text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100">
          {t('staleCount', { count: staleCount })}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2 text-sm">
        {status.lists.map((list) => {
          const figures = formatListFigures(list, language);
          const age = list.age_days === null ? '' : list.age_days === 0 ? t('ageToday') : t('age', { count: list.age_days });
          return (
            <li key={list.source} className="break-words" data-testid={`list-${list.source}`}>
              <p>
                <span className="font-semibold">{sanctionsListName(list.source, language)}</span>: {t('entries', { entries: figures.entries, names: figures.names })},{' '}
                {figures.publishedOn ? t('publishedOn', { date: figures.publishedOn, age }) : t('unknownDate')}
                {list.published_at_source === 'http' ? ` (${t('publishedFromHttp')})` : ''}
              </p>
              {list.stale ? (
                <p className="font-semibold text-red-800 dark:text-red-300">
                  ⚠ {list.published_at ? t('stale', { days: status.stale_days }) : t('undated')}
                </p>
              ) : (
                <p className="text-emerald-800 dark:text-emerald-300">{t('fresh')}</p>
              )}
              <p className="text-slate-600 dark:text-slate-400">
                {t('version', { version: list.version_id })} · {t('loaded', { date: figures.loaded })}
              </p>
              {details ? (
                <p className="text-slate-600 dark:text-slate-400">
                  {figures.lastChecked ? t('lastChecked', { date: figures.lastChecked }) : t('neverChecked')} ·{' '}
                  {figures.lastChanged ? t('lastChanged', { date: figures.lastChanged }) : null}
                  {figures.lastChanged ? ' · ' : null}
                  {figures.nextRun ? t('nextRun', { date: figures.nextRun }) : t('noNextRun')}
                </p>
              ) : null}
              {details && list.update.last_error ? (
                <p className="text-amber-900 dark:text-amber-200">{t('lastError', { error: list.update.last_error })}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {missing.length > 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('missingLists', { names: missing.join(', ') })}</p> : null}
    </div>
  );
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'done'; result: ScreeningImportResponse }
  | { phase: 'failed'; message: string };

/** For administrators: load list files from this computer, with progress and the importer's report. */
export function ListUpload() {
  const { t } = useTranslation('lists');
  const language = getCurrentLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [source, setSource] = useState<SanctionsSource | ''>('');
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [missingFiles, setMissingFiles] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      setMissingFiles(true);
      return;
    }
    setMissingFiles(false);
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const result = await uploadSanctionsLists(files, source || null, (fraction) => setState({ phase: 'uploading', fraction }));
      setState({ phase: 'done', result });
      await queryClient.invalidateQueries({ queryKey: ['screening'] });
    } catch (error) {
      setState({ phase: 'failed', message: resolveErrorMessage(error) });
    }
  }

  const busy = state.phase === 'uploading';
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-slate-100">
        {t('upload.title')}
      </h3>
      <p className="text-slate-600 dark:text-slate-400">{t('upload.help')}</p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('upload.files')}</span>
        <Input
          type="file"
          multiple
          accept=".csv,.xml,.xlsx,text/csv,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          aria-invalid={missingFiles || undefined}
          aria-describedby={missingFiles ? `${id}-missing` : undefined}
          className="max-w-full text-sm"
        />
      </label>
      {missingFiles ? (
        <p id={`${id}-missing`} role="alert" className="text-red-700 dark:text-red-300">
          {t('upload.noFiles')}
        </p>
      ) : null}
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('upload.source')}</span>
        <Select value={source} onChange={(event) => setSource(event.target.value as SanctionsSource | '')} className="max-w-full">
          <option value="">{t('upload.sourceAuto')}</option>
          {sanctionsSources.map((code) => (
            <option key={code} value={code}>
              {sanctionsListName(code, language)}
            </option>
          ))}
        </Select>
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          {t('upload.submit')}
        </Button>
      </div>
      {state.phase === 'uploading' ? (
        <div role="status" className="flex flex-col gap-1">
          <progress max={1} value={state.fraction} className="w-full" aria-label={t('upload.files')} />
          <p className="flex items-center gap-2">
            <Spinner className="size-4" />
            {state.fraction < 1 ? t('upload.uploading', { percent: Math.round(state.fraction * 100) }) : t('upload.processing')}
          </p>
        </div>
      ) : null}
      {state.phase === 'failed' ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100">
          <p className="font-semibold">{t('upload.failed')}</p>
          <p>{state.message}</p>
        </div>
      ) : null}
      {state.phase === 'done' ? (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-2 text-emerald-950 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-100">
          <p className="font-semibold">{t('upload.done')}</p>
          <ul className="list-disc pl-5">
            {state.result.imported.map((item) => (
              <li key={item.source} className="break-words">
                {t('upload.result', {
                  name: sanctionsListName(item.source, language),
                  status: t(`upload.status.${item.status}`),
                  entries: new Intl.NumberFormat(language).format(item.entries),
                  names: new Intl.NumberFormat(language).format(item.names),
                  published: item.published_at ? dates.format(new Date(item.published_at)) : t('unknownDate'),
                  version: item.version_id,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
