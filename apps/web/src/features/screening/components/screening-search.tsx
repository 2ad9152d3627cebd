import { SCREENING_NAME_MAX, screeningEntityTypes, screeningNameSchema, type EntityType, type ScreeningMatch } from '@fueldesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { controlClassName } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { resolveErrorMessage } from '@/lib/api-client';
import { useScreeningSearch, type ScreeningSearchParams } from '../api/screening-api';
import { ScreeningResultsTable } from './screening-results-table';
import { useScreeningMessage } from './screening-message';
import { Input, Select } from '@/components/ui/controls';

/** One name, optionally narrowed to a type, against the loaded lists. */
export function ScreeningSearch() {
  const { t } = useTranslation('screening');
  const message = useScreeningMessage();
  const nameId = useId();
  const typeId = useId();
  const [draft, setDraft] = useState('');
  const [type, setType] = useState<EntityType | ''>('');
  const [error, setError] = useState<string | undefined>();
  const [params, setParams] = useState<ScreeningSearchParams | null>(null);
  const search = useScreeningSearch(params);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = screeningNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setParams({ q: parsed.data, type: type || undefined });
  };

  return (
    <section aria-labelledby="screening-search" className="flex flex-col gap-4">
      <h2 id="screening-search" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('search.title')}
      </h2>
      <form role="search" onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={nameId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('search.name')}
          </label>
          <Input
            id={nameId}
            type="search"
            value={draft}
            maxLength={SCREENING_NAME_MAX}
            placeholder={t('search.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
            className={controlClassName}
          />
        </div>
        <div>
          <label htmlFor={typeId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('search.type')}
          </label>
          <Select id={typeId} value={type} onChange={(event) => setType(event.target.value as EntityType | '')} className={controlClassName}>
            <option value="">{t('search.anyType')}</option>
            {screeningEntityTypes.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {error ? (
        <p id={`${nameId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message(error)}
        </p>
      ) : null}
      <SearchResults params={params} search={search} />
    </section>
  );
}

function SearchResults({ params, search }: { params: ScreeningSearchParams | null; search: ReturnType<typeof useScreeningSearch> }) {
  const { t } = useTranslation('screening');
  if (!params) return <p className="text-slate-600 dark:text-slate-400">{t('search.hint')}</p>;
  return (
    <QueryState query={search} size="md" loadingText={t('search.loading')} errorTitle={t('search.error')} errorDetail={resolveErrorMessage} retryLabel={t('retry')}>
      {(data) => {
        if (!data.loaded) return <p role="status" className="font-semibold text-amber-900 dark:text-amber-200">{t('search.notScreened')}</p>;
        const matches = data.matches.filter((match) => match.is_match);
        return (
          <div className="flex flex-col gap-3">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {matches.length > 0
                ? t('search.matches', { count: matches.length, query: data.query })
                : data.matches.length > 0
                  ? t('search.noMatch', { query: data.query, threshold: Math.round(data.threshold * 100) })
                  : t('search.noCandidate', { query: data.query })}
            </p>
            {data.matches.length > 0 ? <Candidates key={`${data.query}|${params.type ?? ''}`} subject={data.query} matches={data.matches} caption={t('search.caption', { query: data.query })} /> : null}
          </div>
        );
      }}
    </QueryState>
  );
}

/** Candidates below the threshold shown before "show more": enough to judge a near miss, not a wall of noise. */
const WEAK_CANDIDATES_SHOWN = 5;

function Candidates({ matches, caption, subject }: { matches: ScreeningMatch[]; caption: string; subject: string }) {
  const { t } = useTranslation('screening');
  const [showAll, setShowAll] = useState(false);
  const strong = matches.filter((match) => match.is_match).length;
  const hidden = showAll ? 0 : Math.max(0, matches.length - strong - WEAK_CANDIDATES_SHOWN);
  const shown = hidden > 0 ? matches.slice(0, matches.length - hidden) : matches;
  return (
    <>
      <ScreeningResultsTable matches={shown} caption={caption} subject={subject} />
      {hidden > 0 ? (
        <Button type="button" variant="secondary" className="self-start" onClick={() => setShowAll(true)}>
          {t('search.showWeaker', { count: hidden })}
        </Button>
      ) : null}
    </>
  );
}
