import { sanctionsListName, type ScreeningBatchResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/controls';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { batchScreeningFile, downloadBatchScreeningCsv } from '../api/screening-api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function FileResults({ data }: { data: ScreeningBatchResponse }) {
  const { t, i18n } = useTranslation('screening');
  const lang = i18n.language?.startsWith('es') ? 'es' : 'en';
  const matched = data.results.filter((result) => result.matches.some((match) => match.is_match)).length;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-slate-800 dark:text-slate-200">
        {t('file.summary', { count: data.results.length, matched })}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
          <caption className="sr-only">{t('file.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="px-2 py-1">{t('file.columns.name')}</th>
              <th scope="col" className="px-2 py-1">{t('file.columns.result')}</th>
              <th scope="col" className="px-2 py-1">{t('file.columns.best')}</th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((result, position) => {
              const hits = result.matches.filter((match) => match.is_match);
              const best = hits[0];
              return (
                <tr key={`${position}-${result.name}`} className="border-b border-slate-200 align-top dark:border-slate-700">
                  <td className="px-2 py-1 break-words">{result.name}</td>
                  <td className={`px-2 py-1 font-semibold ${hits.length > 0 ? 'text-red-700 dark:text-red-400' : 'text-green-800 dark:text-green-400'}`}>
                    {hits.length > 0 ? t('batch.hits', { count: hits.length }) : t('batch.clear')}
                  </td>
                  <td className="px-2 py-1 break-words">
                    {best ? t('file.best', { name: best.name, list: sanctionsListName(best.source, lang), score: Math.round(best.score * 100) }) : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A CSV or XLSX file of names (columns name, type?, country?) screened at once, with the results as CSV. */
export function FileBatchScreening() {
  const { t } = useTranslation('screening');
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const screenFile = useMutation({ mutationKey: ['screening', 'batch-file'], mutationFn: batchScreeningFile });
  const download = useMutation({ mutationKey: ['screening', 'batch-file-csv'], mutationFn: downloadBatchScreeningCsv });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    setMissing(false);
    download.reset();
    screenFile.mutate(file);
  };

  return (
    <section aria-labelledby="screening-file" className="flex flex-col gap-4">
      <h2 id="screening-file" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('file.title')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('file.label')}
          </label>
          <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
            {t('file.hint')}
          </p>
          <Input
            id={inputId}
            type="file"
            accept={ACCEPT}
            aria-describedby={hintId}
            aria-invalid={missing ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
              screenFile.reset();
            }}
            className="max-w-full text-sm text-slate-800 file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-2 dark:text-slate-200 dark:file:bg-slate-700"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={screenFile.isPending}>
            {screenFile.isPending ? t('batch.running') : t('file.submit')}
          </Button>
          {screenFile.data && file ? (
            <Button type="button" variant="secondary" disabled={download.isPending} onClick={() => download.mutate(file)}>
              {download.isPending ? t('file.downloading') : t('file.download')}
            </Button>
          ) : null}
        </div>
      </form>
      {missing ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('file.missing')}
        </p>
      ) : null}
      {screenFile.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" />
          {t('file.running')}
        </p>
      ) : null}
      {screenFile.isError ? <ErrorState title={t('file.error')} detail={resolveErrorMessage(screenFile.error)} /> : null}
      {download.isError ? <ErrorState title={t('file.downloadError')} detail={resolveErrorMessage(download.error)} /> : null}
      {screenFile.data && !screenFile.data.loaded ? (
        <p role="status" className="font-semibold text-amber-900 dark:text-amber-200">{t('search.notScreened')}</p>
      ) : null}
      {screenFile.data?.loaded ? <FileResults data={screenFile.data} /> : null}
      {!file && !screenFile.data ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('file.empty')}</p> : null}
    </section>
  );
}
