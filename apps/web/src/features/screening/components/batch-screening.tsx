import { SCREENING_BATCH_MAX, screeningBatchBodySchema } from '@fueldesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { controlClassName } from '@/components/ui/form-field';
import { resolveErrorMessage } from '@/lib/api-client';
import { useBatchScreening } from '../api/screening-api';
import { ScreeningResultsTable } from './screening-results-table';
import { useScreeningMessage } from './screening-message';
import { Textarea } from '@/components/ui/controls';

/** Pasted names, one a line: each screened, listed in the same order with its matches. */
export function BatchScreening() {
  const { t } = useTranslation('screening');
  const message = useScreeningMessage();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const batch = useBatchScreening();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const names = text.split('\n').map((line) => line.trim()).filter(Boolean);
    const parsed = screeningBatchBodySchema.safeParse({ queries: names.map((name) => ({ name })) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    batch.mutate(parsed.data.queries.map((query) => query.name));
  };

  return (
    <section aria-labelledby="screening-batch" className="flex flex-col gap-4">
      <h2 id="screening-batch" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('batch.title')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('batch.label', { max: SCREENING_BATCH_MAX })}
          </label>
          <Textarea
            id={id}
            rows={5}
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
            className={controlClassName}
          />
        </div>
        <div>
          <Button type="submit" disabled={batch.isPending}>
            {batch.isPending ? t('batch.running') : t('batch.submit')}
          </Button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message(error)}
        </p>
      ) : null}
      {batch.isError ? <ErrorState title={t('batch.error')} detail={resolveErrorMessage(batch.error)} /> : null}
      {batch.data && !batch.data.loaded ? (
        <p role="status" className="font-semibold text-amber-900 dark:text-amber-200">{t('search.notScreened')}</p>
      ) : null}
      {batch.data?.loaded ? (
        <ol className="flex flex-col gap-4">
          {batch.data.results.map((result, position) => {
            const hits = result.matches.filter((match) => match.is_match);
            return (
              <li key={`${position}-${result.name}`} className="flex flex-col gap-2">
                <h3 className="font-semibold text-slate-900 dark:text-slate-100">
                  {result.name}:{' '}
                  <span className={hits.length > 0 ? 'text-red-700 dark:text-red-400' : 'text-green-800 dark:text-green-400'}>
                    {hits.length > 0 ? t('batch.hits', { count: hits.length }) : t('batch.clear')}
                  </span>
                </h3>
                {hits.length > 0 ? <ScreeningResultsTable matches={hits} subject={result.name} caption={t('search.caption', { query: result.name })} /> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
