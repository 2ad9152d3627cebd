import type { ScreeningEntity, ScreeningMatch } from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '@/components/ui/data-table';
import { DecisionControl } from '@/components/decisions/decision-control';
import { WatchButton } from '@/components/watchlist/watch-button';
import { QueryState } from '@/components/ui/query-state';
import { useScreeningEntity } from '../api/screening-api';

function ScoreBar({ score, isMatch }: { score: number; isMatch: boolean }) {
  const percent = Math.round(score * 100);
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-12 overflow-hidden rounded-full sm:w-20 bg-slate-200 dark:bg-slate-700" aria-hidden="true">
        <div className={isMatch ? 'h-full bg-red-600' : 'h-full bg-slate-500'} style={{ width: `${percent}%` }} />
      </div>
      <span className="tabular-nums">{percent}%</span>
    </div>
  );
}

function EntryDetails({ entityId }: { entityId: string }) {
  const { t } = useTranslation('screening');
  const entity = useScreeningEntity(entityId, true);
  return (
    <QueryState query={entity} loadingText={t('details.loading')} errorTitle={t('details.error')} retryLabel={t('retry')}>
      {(data) => <EntryFields data={data} />}
    </QueryState>
  );
}

function EntryFields({ data }: { data: ScreeningEntity }) {
  const { t } = useTranslation('screening');
  const rows: [string, string][] = [
    [t('details.aliases'), data.aliases.map((alias) => `${alias.name} (${alias.kind}${alias.weak ? `, ${t('details.weak')}` : ''})`).join('; ')],
    [t('details.datesOfBirth'), data.dates_of_birth.join('; ')],
    [t('details.nationalities'), data.nationalities.join('; ')],
    [t('details.addresses'), data.addresses.join('; ')],
    [t('details.remarks'), data.remarks ?? ''],
  ];
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function ResultRow({ match, subject }: { match: ScreeningMatch; subject?: string }) {
  const { t } = useTranslation('screening');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <tr className="border-t border-slate-200 align-top dark:border-slate-700">
        <td className="px-2 py-2 sm:px-3">
          <ScoreBar score={match.score} isMatch={match.is_match} />
          {match.is_match ? (
            <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-500/20 dark:text-red-200">
              {t('results.match')}
            </span>
          ) : null}
        </td>
        <td className="px-2 py-2 sm:px-3">
          <div className="font-semibold text-slate-900 dark:text-slate-100">{match.name}</div>
          {match.matched_name !== match.name ? (
            <div className="text-sm text-slate-600 dark:text-slate-400">{t('results.matchedAlias', { name: match.matched_name })}</div>
          ) : null}
          {/* On a phone the type, programs and list columns are hidden: the same facts under the name. */}
          <div className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere] md:hidden dark:text-slate-400">
            {[t(`types.${match.type}`), match.programs.join(', '), t(`sources.${match.source}`), match.entity_id].filter(Boolean).join(' · ')}
          </div>
          {/* A decision on every match that counts (and on any that already has one). */}
          {subject && (match.is_match || match.decision) ? <DecisionControl subjectName={subject} match={match} /> : null}
        </td>
        <td className="hidden px-2 py-2 sm:px-3 md:table-cell">{t(`types.${match.type}`)}</td>
        <td className="hidden px-2 py-2 sm:px-3 md:table-cell">{match.programs.join(', ') || '—'}</td>
        <td className="hidden px-2 py-2 sm:px-3 md:table-cell">
          <div>{t(`sources.${match.source}`)}</div>
          <div className="text-xs text-slate-600 dark:text-slate-400">{match.entity_id}</div>
        </td>
        <td className="px-2 py-2 sm:px-3">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            className="focus-ring rounded text-left text-sm font-semibold text-amber-800 underline dark:text-amber-300"
          >
            {open ? t('results.hideWhy') : t('results.showWhy')}
          </button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open}>
        <td colSpan={6} className="bg-slate-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <p>{match.explanation}</p>
          {open ? <EntryDetails entityId={match.entity_id} /> : null}
        </td>
      </tr>
    </>
  );
}

/** Candidates for one name, best first: score bar, list entry, type, programs, source and the explanation on demand. */
export function ScreeningResultsTable({ matches, caption, subject }: { matches: ScreeningMatch[]; caption: string; subject?: string }) {
  const { t } = useTranslation('screening');
  return (
    <div className="flex flex-col gap-2">
      {subject ? (
        <div className="flex justify-end">
          <WatchButton name={subject} />
        </div>
      ) : null}
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <table className="w-full text-left text-sm text-slate-800 dark:text-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-400">
          <HeaderRow
            cells={[
              { label: t('results.score'), className: 'px-2 py-2 sm:px-3' },
              { label: t('results.name'), className: 'px-2 py-2 sm:px-3' },
              { label: t('results.type'), className: 'hidden px-2 py-2 sm:px-3 md:table-cell' },
              { label: t('results.programs'), className: 'hidden px-2 py-2 sm:px-3 md:table-cell' },
              { label: t('results.source'), className: 'hidden px-2 py-2 sm:px-3 md:table-cell' },
              { label: t('results.explanation'), className: 'w-24 px-2 py-2 sm:px-3 md:w-32' },
            ]}
          />
        </thead>
        <tbody>
          {matches.map((match) => (
            <ResultRow key={match.entity_id} match={match} subject={subject} />
          ))}
        </tbody>
      </table>
    </div>
    </div>
  );
}
