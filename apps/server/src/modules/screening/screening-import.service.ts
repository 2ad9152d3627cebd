import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SanctionsSource } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { queueWatchlistRescreen } from '../watchlist/watchlist.service';
import { fetchFeed } from '../../integrations/news/feed-fetcher';
import { readSanctionsFiles, validateParsedList, WorkbookError, type ParsedList, type SanctionsEntity } from './engine';
import { listVersionId, notifyListStaleEvents, recordStaleTransitions } from './screening-freshness';
import {
  findDownloadStates,
  findLatestVersions,
  findVersionByHash,
  insertListVersion,
  pruneOldVersions,
  saveDownloadState,
  saveSourceStatus,
  type ListVersionRow,
} from './screening.repository';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit.service';
import { announceNewListVersions } from './screening.service';

export interface SanctionsFile {
  name: string;
  /** Bytes as read (text files are decoded as UTF-8, else Windows-1252; workbooks stay binary). */
  content: Buffer | string;
}

/** What happened to one parsed list. */
export interface ListImportResult {
  source: SanctionsSource;
  status: 'stored' | 'unchanged' | 'older' | 'refused';
  entries: number;
  names: number;
  publishedAt: string | null;
  /** `<source>@<hash>` of the parsed content (the stored version's id when stored or unchanged). */
  versionId: string;
  /** Why a list was refused or skipped. */
  reason?: string;
}

export interface ImportOptions {
  /** Where the files came from (a path or URL), kept with the version. */
  origin: string;
  /**
   * Only store a list that is newer than the stored one: published later, or — when either date
   * is unknown — dated (`fallbackDate`, e.g. the files' modification time) after the stored one was loaded.
   */
  onlyNewer?: boolean;
  /** The date to compare when the files carry no publication date. */
  fallbackDate?: Date | null;
  /** Publication date to record when the parser finds none (e.g. an HTTP Last-Modified). */
  publishedAtFallback?: Date | null;
  /** Who stored it, for the audit log (the system: the daily job, the CLI). */
  actor?: AuditActor;
  /** The list the files are, when their names and contents do not tell (an uploaded, renamed file). */
  source?: SanctionsSource;
}

/** Names of an entity: the primary name and every alias. */
function countNames(entities: readonly SanctionsEntity[]): number {
  return entities.reduce((sum, entity) => sum + 1 + entity.aliases.length, 0);
}

function hashEntities(entities: readonly SanctionsEntity[]): string {
  const hash = createHash('sha256');
  for (const entity of entities) hash.update(JSON.stringify(entity)).update('\n');
  return hash.digest('hex');
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Stores parsed lists that pass validation as new versions. A list that fails validation (malformed,
 * truncated: far fewer entries than the stored one) is refused and the stored version stays.
 */
export async function storeParsedLists(ctx: AppContext, lists: ParsedList[], options: ImportOptions): Promise<ListImportResult[]> {
  const latest = new Map((await findLatestVersions(ctx.db)).map((row) => [row.source, row]));
  const results: ListImportResult[] = [];
  const stored: ListVersionRow[] = [];
  for (const list of lists) {
    const previous = latest.get(list.source);
    // The file's own date first, then the publisher's Last-Modified, then the newest change the file records.
    const fileDate = toDate(list.publishedAt);
    const lastChange = toDate(list.latestChangeAt ?? null);
    const publishedAt = fileDate ?? options.publishedAtFallback ?? lastChange ?? null;
    const publishedAtSource = fileDate ? 'file' : options.publishedAtFallback ? 'http' : lastChange ? 'file' : 'unknown';
    const contentHash = hashEntities(list.entities);
    const base = {
      source: list.source,
      entries: list.entities.length,
      names: countNames(list.entities),
      publishedAt: publishedAt?.toISOString() ?? null,
      versionId: listVersionId({ source: list.source, contentHash }),
    };
    if (previous?.contentHash === contentHash) {
      results.push({ ...base, status: 'unchanged' });
      continue;
    }
    // The same entities as an earlier, since replaced version: going back is never automatic.
    if (await findVersionByHash(ctx.db, list.source, contentHash)) {
      results.push({ ...base, status: 'older', reason: 'This list was stored before and has since been replaced by a newer one.' });
      continue;
    }
    if (options.onlyNewer && previous) {
      const theirs = previous.publishedAt ?? previous.loadedAt;
      const ours = publishedAt && previous.publishedAt ? publishedAt : (options.fallbackDate ?? publishedAt);
      if (ours && ours.getTime() <= theirs.getTime()) {
        results.push({ ...base, status: 'older', reason: `The stored list (${theirs.toISOString()}) is as new or newer.` });
        continue;
      }
    }
    const validation = validateParsedList(list, previous ? { entries: previous.entries } : undefined);
    if (!validation.ok) {
      results.push({ ...base, status: 'refused', reason: validation.reason });
      continue;
    }
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertListVersion(
        tx,
        {
          source: list.source,
          publishedAt,
          publishedAtSource,
          entries: base.entries,
          names: base.names,
          contentHash,
          origin: options.origin,
          loadedAt: ctx.now(),
        },
        list.entities,
      );
      await pruneOldVersions(tx, list.source);
      await recordAudit(tx, {
        at: ctx.now(),
        actor: options.actor ?? SYSTEM_ACTOR,
        action: 'screening.list_import',
        subject: list.source,
        details: { version_id: inserted.id, entries: base.entries, names: base.names, published_at: base.publishedAt, origin: options.origin },
      });
      await saveSourceStatus(tx, list.source, { lastChangedAt: ctx.now() });
      return inserted;
    });
    stored.push(row);
    results.push({ ...base, status: 'stored' });
  }
  if (stored.length > 0) {
    await recordStaleTransitions(ctx);
    await notifyListStaleEvents(ctx);
  }
  await announceNewListVersions(ctx, stored);
  await queueWatchlistRescreen(ctx, stored.map((row) => row.id));
  return results;
}

/** Parses files (any mix of the lists' files: OFAC, UN, EU, UK, Canada, Australia) and stores the lists that pass. */
export async function importSanctionsFiles(ctx: AppContext, files: SanctionsFile[], options: ImportOptions): Promise<ListImportResult[]> {
  let lists: ParsedList[];
  try {
    lists = await readSanctionsFiles(files, { source: options.source });
  } catch (error) {
    if (error instanceof WorkbookError) throw new SanctionsImportError(error.message);
    // An unknown file name or a file that cannot be read as a list: nothing is stored.
    throw new SanctionsImportError(error instanceof Error ? error.message : String(error));
  }
  if (lists.length === 0) throw new SanctionsImportError(`No sanctions list recognised in ${files.map((file) => file.name).join(', ') || 'no files'}.`);
  return storeParsedLists(ctx, lists, options);
}

export class SanctionsImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SanctionsImportError';
  }
}

const LIST_FILE = /\.(csv|xml|xlsx)$/i;

/** The list files named by paths: files as given, folders' .csv, .xml and .xlsx files (not recursive). */
export async function collectSanctionsFiles(paths: string[]): Promise<{ files: string[]; newest: Date | null }> {
  const files: string[] = [];
  let newest: Date | null = null;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => null);
    if (!info) throw new SanctionsImportError(`${entry}: no such file or folder.`);
    const found = info.isDirectory()
      ? (await readdir(entry)).filter((name) => LIST_FILE.test(name)).sort().map((name) => path.join(entry, name))
      : [entry];
    for (const file of found) {
      const fileInfo = await stat(file);
      if (!fileInfo.isFile()) continue;
      files.push(file);
      if (!newest || fileInfo.mtime > newest) newest = fileInfo.mtime;
    }
  }
  return { files, newest };
}

/** Reads and imports list files or folders (SANCTIONS_PATHS, `fueldesk sanctions import`). */
export async function importSanctionsPaths(
  ctx: AppContext,
  paths: string[],
  options: { onlyNewer?: boolean; onFile?: (file: string, done: number, total: number) => void } = {},
): Promise<ListImportResult[]> {
  const { files, newest } = await collectSanctionsFiles(paths);
  const contents: SanctionsFile[] = [];
  for (const [position, file] of files.entries()) {
    options.onFile?.(file, position, files.length);
    contents.push({ name: path.basename(file), content: await readFile(file) });
  }
  options.onFile?.('', files.length, files.length);
  return importSanctionsFiles(ctx, contents, { origin: paths.join(','), onlyNewer: options.onlyNewer, fallbackDate: newest });
}

/** At start: imports SANCTIONS_PATHS when newer than what is stored; never stops the server. */
export async function importConfiguredSanctionsPaths(ctx: AppContext): Promise<ListImportResult[]> {
  const paths = ctx.config.SANCTIONS_PATHS;
  if (paths.length === 0) return [];
  try {
    // Every API process checks at start: one imports, the others then find the lists current.
    const results = await ctx.database.exclusive('fueldesk.sanctions-import', () => importSanctionsPaths(ctx, paths, { onlyNewer: true }));
    ctx.log.info({ results }, 'SANCTIONS_PATHS checked');
    return results;
  } catch (error) {
    ctx.log.error({ err: error, paths }, 'SANCTIONS_PATHS could not be imported');
    return [];
  }
}

/** The files each source is published as (OFAC legacy CSV sets, the UN, EU and Canadian XML, the UK CSV, the Australian xlsx); lists set to `off` are left out. */
export function publisherFiles(ctx: AppContext): { source: SanctionsSource; urls: string[] }[] {
  const inFolder = (base: string, names: string[]) => names.map((name) => new URL(name, base.endsWith('/') ? base : `${base}/`).toString());
  const config = ctx.config;
  const single: [SanctionsSource, string][] = [
    ['un', config.SANCTIONS_UN_URL],
    ['eu_fsf', config.SANCTIONS_EU_URL],
    ['uk_ofsi', config.SANCTIONS_UK_URL],
    ['ca_sema', config.SANCTIONS_CA_URL],
    ['au_dfat', config.SANCTIONS_AU_URL],
  ];
  return [
    { source: 'ofac_sdn' as const, urls: inFolder(config.SANCTIONS_SDN_URL, ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv']) },
    {
      source: 'ofac_consolidated' as const,
      urls: inFolder(config.SANCTIONS_CONSOLIDATED_URL, ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv']),
    },
    ...single.filter(([, url]) => url !== 'off').map(([source, url]) => ({ source, urls: [url] })),
  ];
}

export interface SourceUpdateResult {
  source: SanctionsSource;
  status: 'stored' | 'unchanged' | 'not_modified' | 'refused' | 'failed';
  entries?: number;
  error?: string;
  /** Whether a version of this source was stored before (and so stays in use after a failure). */
  hadStoredList: boolean;
}

interface Downloaded {
  url: string;
  body: Buffer;
  etag: string | null;
  lastModified: string | null;
}

async function download(ctx: AppContext, url: string, conditional: { etag: string | null; lastModified: string | null } | null) {
  return fetchFeed({
    url,
    etag: conditional?.etag,
    lastModified: conditional?.lastModified,
    timeoutMs: ctx.config.SANCTIONS_FETCH_TIMEOUT_MS,
    maxBytes: ctx.config.SANCTIONS_MAX_FILE_BYTES,
    // The URLs are the operator's configuration, not user input.
    allowPrivate: true,
    userAgent: 'FuelDesk sanctions updater',
  });
}

/** A name for a downloaded file: OFAC's files are told apart by name, the others by content. */
function fileNameOf(url: string, source: SanctionsSource): string {
  const base = path.posix.basename(new URL(url).pathname);
  if (source === 'un' && !/\.xml$/i.test(base)) return 'consolidated.xml';
  return base || `${source}.list`;
}

/**
 * Downloads one source's files with conditional GET. Nothing changed (every file 304) → not_modified.
 * Otherwise every file is needed to parse the list: files that answered 304 are fetched again in
 * full. The ETag / Last-Modified are saved only once the list was stored (or found unchanged), so a
 * refused file is fetched again next time, and the stored version stays in use meanwhile.
 */
async function updateSource(ctx: AppContext, source: SanctionsSource, urls: string[]): Promise<SourceUpdateResult> {
  const states = await findDownloadStates(ctx.db, urls);
  const checkedAt = ctx.now();
  const hasStored = (await findLatestVersions(ctx.db)).some((row) => row.source === source);
  const recordFailure = async (error: string) => {
    for (const url of urls) {
      const state = states.get(url);
      await saveDownloadState(ctx.db, { url, source, etag: state?.etag ?? null, lastModified: state?.lastModified ?? null, checkedAt, lastError: error });
    }
    await saveSourceStatus(ctx.db, source, { lastCheckedAt: checkedAt, lastError: error, lastErrorAt: checkedAt });
  };
  const recordSuccess = () => saveSourceStatus(ctx.db, source, { lastCheckedAt: checkedAt, lastError: null, lastErrorAt: null });
  try {
    const first = await Promise.all(
      urls.map(async (url) => {
        const state = states.get(url);
        return { url, result: await download(ctx, url, hasStored && state ? { etag: state.etag, lastModified: state.lastModified } : null) };
      }),
    );
    if (first.every(({ result }) => result.status === 'not_modified')) {
      for (const url of urls) {
        const state = states.get(url);
        await saveDownloadState(ctx.db, { url, source, etag: state?.etag ?? null, lastModified: state?.lastModified ?? null, checkedAt, lastError: null });
      }
      await recordSuccess();
      return { source, status: 'not_modified', hadStoredList: hasStored };
    }
    const files: Downloaded[] = [];
    for (const { url, result } of first) {
      const full = result.status === 'ok' ? result : await download(ctx, url, null);
      if (full.status !== 'ok') throw new Error(`${url} answered 304 to an unconditional request.`);
      files.push({ url, body: full.bytes, etag: full.etag, lastModified: full.lastModified });
    }
    const lastModified = files.map((file) => toDate(file.lastModified)).filter((date): date is Date => date !== null);
    const newest = lastModified.length > 0 ? new Date(Math.max(...lastModified.map((date) => date.getTime()))) : null;
    const lists = (await readSanctionsFiles(files.map((file) => ({ name: fileNameOf(file.url, source), content: file.body })), { source })).filter(
      (list) => list.source === source,
    );
    if (lists.length === 0) {
      await recordFailure('The downloaded files hold no recognisable list.');
      return { source, status: 'refused', error: 'The downloaded files hold no recognisable list.', hadStoredList: hasStored };
    }
    const [result] = await storeParsedLists(ctx, lists, { origin: urls[0]!, publishedAtFallback: newest });
    if (result!.status === 'refused') {
      await recordFailure(result!.reason ?? 'refused');
      return { source, status: 'refused', entries: result!.entries, error: result!.reason, hadStoredList: hasStored };
    }
    for (const file of files) {
      await saveDownloadState(ctx.db, { url: file.url, source, etag: file.etag, lastModified: file.lastModified, checkedAt, lastError: null });
    }
    await recordSuccess();
    return { source, status: result!.status === 'stored' ? 'stored' : 'unchanged', entries: result!.entries, hadStoredList: hasStored };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordFailure(message);
    return { source, status: 'failed', error: message, hadStoredList: hasStored };
  }
}

/** `fueldesk sanctions update` and the daily job: every source from its publisher; a failure keeps the stored list. */
export async function updateSanctionsFromPublishers(ctx: AppContext, only?: SanctionsSource[]): Promise<SourceUpdateResult[]> {
  const results: SourceUpdateResult[] = [];
  for (const { source, urls } of publisherFiles(ctx)) {
    if (only && !only.includes(source)) continue;
    results.push(await updateSource(ctx, source, urls));
  }
  // Time passes even when nothing changed: a list may have turned stale since the last run.
  await recordStaleTransitions(ctx);
  await notifyListStaleEvents(ctx);
  return results;
}
