import { sanctionsListName, watchlistCreateBodySchema, watchlistTypes, type WatchlistDetail, type WatchlistImportResult, type WatchlistItem, type WatchlistType } from '@fueldesk/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DecisionControl } from '@/components/decisions/decision-control';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/controls';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useFormMessage } from '@/lib/use-form-message';
import { useAddToWatchlist, useImportWatchlist, useRemoveFromWatchlist, useWatchlist, useWatchlistItem } from '../api/watchlist';

const listName = (source: string) => sanctionsListName(source, getCurrentLanguage());

type FormField = 'name' | 'type' | 'country' | 'note';

function AddForm() {
  const { t } = useTranslation('watchlist');
  const add = useAddToWatchlist();
  const [name, setName] = useState('');
  const [type, setType] = useState<WatchlistType | ''>('');
  const [country, setCountry] = useState('');
  const [note, setNote] = useState('');
  // Field errors are message keys (the contracts' schema, or the server's `fields`), shown by useFormMessage.
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const message = useFormMessage();
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: name.trim(), type: type || undefined, country: country || undefined, note: note || undefined };
    const parsed = watchlistCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FormField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(
      body,
      {
        onSuccess: (item) => {
          toast.success(t(`form.added.${item.status}`, { name: item.name }));
          setName('');
          setCountry('');
          setNote('');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields) setErrors(failure.fields as Partial<Record<FormField, string>>);
          else toast.error(resolveErrorMessage(failure));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('form.heading')}
      </h2>
      <TextField id="watch-name" required label={t('form.name')} value={name} error={message(errors.name)} onChange={(event) => setName(event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="watch-type"
          label={t('form.type')}
          placeholder={t('form.anyType')}
          value={type}
          error={message(errors.type)}
          options={watchlistTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          onChange={(event) => setType(event.target.value as WatchlistType | '')}
        />
        <TextField id="watch-country" label={t('form.country')} value={country} error={message(errors.country)} onChange={(event) => setCountry(event.target.value)} />
      </div>
      <TextField id="watch-note" label={t('form.note')} value={note} error={message(errors.note)} onChange={(event) => setNote(event.target.value)} />
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('form.adding') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

function ImportForm() {
  const { t } = useTranslation('watchlist');
  const upload = useImportWatchlist();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<WatchlistImportResult | null>(null);
  const headingId = useId();
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        upload.mutate(file, { onSuccess: setResult, onError: (failure) => toast.error(resolveErrorMessage(failure)) });
      }}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('import.heading')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('import.hint')}</p>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('import.file')}
        <Input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="text-sm"
        />
      </label>
      <div>
        <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
          {upload.isPending ? t('import.importing') : t('import.submit')}
        </Button>
      </div>
      {result ? (
        <div role="status" className="text-sm text-slate-700 dark:text-slate-300">
          <p>{t('import.result', { added: result.added, skipped: result.skipped, errors: result.errors.length })}</p>
          {result.errors.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {result.errors.map((error) => (
                <li key={`${error.line}-${error.detail}`}>{t('import.line', { line: error.line, detail: error.detail })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function History({ id }: { id: string }) {
  const { t } = useTranslation('watchlist');
  const detail = useWatchlistItem(id);
  const format = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <QueryState
      query={detail}
      loadingText={t('history.loading')}
      errorTitle={t('history.error')}
      retryLabel={t('retry')}
      isEmpty={(data) => data.history.length === 0}
      emptyText={t('history.empty')}
    >
      {(data) => <HistoryEntries history={data.history} format={format} />}
    </QueryState>
  );
}

function HistoryEntries({ history, format }: { history: WatchlistDetail['history']; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation('watchlist');
  return (
    <ol className="flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">
      {history.map((entry, position) => (
        <li key={`${entry.at}-${position}`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="font-medium">
            {format.format(new Date(entry.at))} ·{' '}
            {entry.versions.length > 0
              ? entry.versions.map((version) => t('history.version', { list: listName(version.source), id: version.id })).join(', ')
              : t('history.added')}
          </p>
          {entry.added.map((match) => (
            <p key={`a-${match.entity_id}`}>{t(match.cleared ? 'history.newCleared' : 'history.newMatch', { entry: match.name, list: listName(match.source), score: Math.round(match.score * 100) })}</p>
          ))}
          {entry.removed.map((match) => (
            <p key={`r-${match.entity_id}`}>{t('history.gone', { entry: match.name, list: listName(match.source) })}</p>
          ))}
          {entry.added.length === 0 && entry.removed.length === 0 ? <p>{t('history.noMatch')}</p> : null}
        </li>
      ))}
    </ol>
  );
}

interface WatchlistPageProps {
  /** The freshness of the lists the names are screened against (app/watchlist-route.tsx passes the screening feature's). */
  listsPanel?: ReactNode;
}

/**
 * `/due-diligence/watchlist`: watched counterparties, re-screened on every new list version (issue
 * 31), a decision on every match (issue 30) and the lists' freshness (issue 29).
 */
export default function WatchlistPage({ listsPanel }: WatchlistPageProps) {
  const { t } = useTranslation('watchlist');
  const watchlist = useWatchlist();
  const remove = useRemoveFromWatchlist();
  const [params, setParams] = useSearchParams();
  const shown = params.get('item');
  const [removing, setRemoving] = useState<WatchlistItem | null>(null);
  const format = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  const rows = watchlist.data?.items ?? [];
  const show = (id: string | null) => setParams(id ? { item: id } : {}, { replace: true });
  const columns: DataColumn<WatchlistItem>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (item) => (
        <div className="flex flex-col">
          <span className="font-medium text-slate-900 dark:text-slate-100">{item.name}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{[item.type ? t(`types.${item.type}`) : null, item.country, item.note].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (item) => (
        <div className="flex max-w-xs flex-col gap-1">
          <span className={item.status === 'match' ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>
            {item.status === 'clear' && item.matches.length > 0 ? t('status.allCleared') : t(`status.${item.status}`)}
          </span>
          {/* Every match with its decision (cleared by whom, when, why) and the button that records one. */}
          {item.matches.map((match) => (
            <div key={match.entity_id} className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400" data-testid="watch-match">
              <span className={match.cleared ? 'line-through decoration-slate-400' : undefined}>
                {t('matchLine', { entry: match.name, list: listName(match.source), score: Math.round(match.score * 100) })}
              </span>
              <DecisionControl subjectName={item.name} match={match} watchId={item.id} />
            </div>
          ))}
        </div>
      ),
    },
    {
      key: 'screened',
      header: t('columns.screened'),
      cell: (item) => (
        <div className="flex flex-col text-sm">
          <span>{item.last_screened_at ? format.format(new Date(item.last_screened_at)) : '—'}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{item.versions.map((version) => listName(version.source)).join(', ')}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hiddenHeader: true,
      cell: (item) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={shown === item.id} onClick={() => show(shown === item.id ? null : item.id)}>
            {t('historyButton')}
          </Button>
          <Button variant="danger" onClick={() => setRemoving(item)}>
            {t('remove')}
          </Button>
        </div>
      ),
    },
  ];
  const selected = rows.find((item) => item.id === shown) ?? null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('intro', { limit: watchlist.data?.limit ?? 1000 })}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <AddForm />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <ImportForm />
        </div>
      </div>
      {listsPanel}
      <section aria-labelledby="watchlist-items" className="flex flex-col gap-4">
        <h2 id="watchlist-items" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('listHeading', { count: rows.length })}
        </h2>
        <DataTable
          query={watchlist}
          rows={rows}
          rowKey={(item) => item.id}
          columns={columns}
          caption={t('listHeading', { count: rows.length })}
          minWidthClass="min-w-[40rem]"
          errorTitle={t('loadError')}
          retryLabel={t('retry')}
          emptyText={t('empty')}
        />
        {selected ? (
          <section aria-label={t('history.heading', { name: selected.name })} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('history.heading', { name: selected.name })}</h3>
            <History id={selected.id} />
          </section>
        ) : null}
      </section>
      <ConfirmDeleteDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title={t('confirmRemove.title')}
        description={(item) => t('confirmRemove.description', { name: item.name })}
        confirmLabel={t('remove')}
        cancelLabel={t('cancel')}
        mutation={remove}
        doneText={t('removed')}
        failedText={t('removeFailed')}
        onDeleted={(item) => {
          if (shown === item.id) show(null);
        }}
      />
    </div>
  );
}
