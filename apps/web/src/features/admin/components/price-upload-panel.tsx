import type { UploadedFileReport } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/controls';
import { resolveErrorMessage } from '@/lib/api-client';
import { uploadPriceFile } from '../api/upload-price-file';

type Status =
  | { kind: 'waiting' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'reading' }
  /** The server was too busy to take the file: it is sent again after `seconds`. */
  | { kind: 'busy'; seconds: number }
  | { kind: 'done'; report: UploadedFileReport }
  | { kind: 'failed'; message: string };

interface Entry {
  id: number;
  file: File;
  status: Status;
}

const ACCEPT = '.csv,.txt,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function FileReport({ report }: { report: UploadedFileReport }) {
  const { t } = useTranslation('analytics');
  const counts: Array<[string, number]> = [
    ['inserted', report.inserted],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['rejected', report.rejected],
  ];
  // Shown only when the import flagged some: the values are stored, and wait for review in "Suspect values".
  if (report.suspect > 0) counts.push(['suspect', report.suspect]);
  return (
    <div className="mt-2 flex flex-col gap-2">
      {report.refused ? (
        <p className="text-sm text-red-700 dark:text-red-300">{report.refusal_reason}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
          {counts.map(([key, value]) => (
            <div key={key} className="rounded bg-slate-50 px-2 py-1 dark:bg-slate-800">
              <dt className="text-slate-500 dark:text-slate-400">{t(`upload.${key}`)}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {report.errors.filter((error) => error.line > 0).length > 0 ? (
        <ul className="max-h-40 overflow-y-auto text-xs text-slate-600 dark:text-slate-300">
          {report.errors
            .filter((error) => error.line > 0)
            .slice(0, 100)
            .map((error) => (
              <li key={`${error.line}-${error.detail}`}>
                <span className="font-medium">{t('upload.line', { line: error.line })}</span>: {error.detail}
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The data desk's upload: drop or choose files, each sent on its own with its progress and answered with its report. */
export function PriceUploadPanel() {
  const { t } = useTranslation('analytics');
  const baseId = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  const update = (id: number, status: Status) => setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, status } : entry)));
  const add = (files: FileList | null) => {
    if (!files) return;
    const added = [...files].map((file) => ({ id: nextId.current++, file, status: { kind: 'waiting' } as Status }));
    setEntries((current) => [...current.filter((entry) => entry.status.kind !== 'waiting' || !busy), ...added]);
  };

  const start = async () => {
    setBusy(true);
    for (const entry of entries.filter((item) => item.status.kind === 'waiting')) {
      update(entry.id, { kind: 'uploading', fraction: 0 });
      try {
        const report = await uploadPriceFile(
          entry.file,
          (fraction) => update(entry.id, fraction >= 1 ? { kind: 'reading' } : { kind: 'uploading', fraction }),
          undefined,
          (seconds) => update(entry.id, { kind: 'busy', seconds }),
        );
        update(entry.id, { kind: 'done', report });
      } catch (error) {
        update(entry.id, { kind: 'failed', message: resolveErrorMessage(error) });
      }
    }
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'price-imports'] });
    // The files' values may have raised suspect flags or filled missing days.
    void queryClient.invalidateQueries({ queryKey: ['admin', 'price-suspects'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'missing-days'] });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const waiting = entries.filter((entry) => entry.status.kind === 'waiting').length;

  return (
    <section aria-labelledby={`${baseId}-title`} className="mb-6 flex flex-col gap-3">
      <h3 id={`${baseId}-title`} className="text-base font-semibold">
        {t('upload.heading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('upload.intro')}</p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm',
          dragging ? 'border-amber-500 bg-amber-50 dark:bg-amber-950/30' : 'border-slate-300 dark:border-slate-700',
        )}
      >
        <p>{t('upload.drop')}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('upload.formats', { size: '20 MB' })}</p>
        <Input
          ref={input}
          id={`${baseId}-input`}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
          {t('upload.choose')}
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('upload.noFiles')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('upload.heading')}>
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" aria-label={entry.file.name}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all text-sm font-medium">{entry.file.name}</span>
                <StatusLabel status={entry.status} />
              </div>
              {entry.status.kind === 'uploading' || entry.status.kind === 'reading' ? (
                <progress
                  className="mt-2 h-2 w-full accent-amber-500"
                  max={1}
                  value={entry.status.kind === 'uploading' ? entry.status.fraction : undefined}
                  aria-label={entry.file.name}
                />
              ) : null}
              {entry.status.kind === 'done' ? <FileReport report={entry.status.report} /> : null}
              {entry.status.kind === 'failed' ? <p className="mt-2 text-sm text-red-700 dark:text-red-300">{entry.status.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void start()} disabled={busy || waiting === 0}>
          {t('upload.start', { count: waiting })}
        </Button>
        <Button variant="secondary" onClick={() => setEntries([])} disabled={busy || entries.length === 0}>
          {t('upload.clear')}
        </Button>
      </div>
    </section>
  );
}

function StatusLabel({ status }: { status: Status }) {
  const { t } = useTranslation('analytics');
  const base = 'rounded px-2 py-0.5 text-xs font-semibold';
  switch (status.kind) {
    case 'waiting':
      return <span className={clsx(base, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')}>{t('upload.waiting')}</span>;
    case 'uploading':
      return <span className={clsx(base, 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>{t('upload.uploading', { percent: Math.round(status.fraction * 100) })}</span>;
    case 'reading':
      return <span className={clsx(base, 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>{t('upload.reading')}</span>;
    case 'busy':
      return <span className={clsx(base, 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>{t('upload.busy', { seconds: status.seconds })}</span>;
    case 'done':
      return status.report.refused ? (
        <span className={clsx(base, 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200')}>{t('upload.refused')}</span>
      ) : (
        <span className={clsx(base, 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200')}>{t('upload.done')}</span>
      );
    case 'failed':
      return <span className={clsx(base, 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200')}>{t('upload.failed')}</span>;
  }
}
