import {
  PRICES_UPDATED_EVENT,
  type ImportReport,
  type PriceSource,
  priceImportMessages,
  priceMessages,
  withParams,
  verbatim,
  type Message,
} from '@fueldesk/contracts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../context';
import { queueAlertEvaluation } from '../alerts/alerts.service';
import type { DbOrTx } from '../../db/client';
import { normalizeDecimal } from '../../integrations/market-data/decimal';
import { parsePriceFile } from '../../integrations/market-data/eia-files';
import { importReasonText, refusalText } from '../../integrations/market-data/import-messages';
import { parsePriceUpload } from '../../integrations/market-data/price-upload';
import { AppError } from '../../lib/app-error';
import { createOrderedIdRange } from '../../lib/ordered-ids';
import type { Lang } from '../../lib/messages';
import type { PriceFileFormat, PriceObservation, RejectedLine } from '../../integrations/market-data/types';
import { getPriceCache } from './prices.cache';
import { flagSuspectValues } from './price-quality.service';
import { recordImport, type ImportActor } from './price-import-history.service';
import {
  deleteDemoPoints,
  listAllProducts,
  lockProductsForWrite,
  mayCheckReferencesOnce,
  noPointsOfProducts,
  upsertPricePoints,
  type ProductRecord,
} from './prices.repository';

const SOURCE_BY_FORMAT: Record<PriceFileFormat, PriceSource> = {
  'eia-date-price': 'eia',
  'fred-date-value': 'fred',
  'fred-observation': 'fred',
  'generic-csv': 'csv',
  'eia-workbook': 'eia',
  'eia-csv-download': 'eia',
};

function emptyReport(file: string, format: string): ImportReport {
  return {
    file,
    format,
    product_codes: [],
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    skipped_blank: 0,
    demo_removed: 0,
    suspect: 0,
    rejected_lines: [],
    refused: false,
    refusal_reason: null,
  };
}

/** The rejected lines' reasons as text in one language (English in the report the CLI and the history read). */
function rejectedLinesText(lang: Lang, rejected: readonly RejectedLine[]): ImportReport['rejected_lines'] {
  return rejected.map((entry) => ({ line: entry.line, reason: importReasonText(lang, entry.reason) }));
}

/** A refused file's report; its texts in English unless a language is named. */
export function refusedReport(file: string, format: string | null, reason: Message, line: number | null, rejected: RejectedLine[], lang: Lang = 'en'): ImportReport {
  return {
    ...emptyReport(file, format ?? 'unknown'),
    rejected: rejected.length,
    rejected_lines: rejectedLinesText(lang, rejected),
    refused: true,
    refusal_reason: refusalText(lang, reason, line),
  };
}

/** What a report's texts were made from: the importer's keys, to say them again in the uploader's language. */
interface ReportMessages {
  refusal: { reason: Message; line: number | null } | null;
  rejected: RejectedLine[];
}

function localizeReport(report: ImportReport, messages: ReportMessages, lang: Lang): ImportReport {
  if (lang === 'en') return report;
  return {
    ...report,
    refusal_reason: messages.refusal ? refusalText(lang, messages.refusal.reason, messages.refusal.line) : report.refusal_reason,
    rejected_lines: rejectedLinesText(lang, messages.rejected),
  };
}

/** What the database lets a write skip. */
interface WriteDatabase {
  /** The session may check the references once (see checkReferencesOnce). */
  checkReferencesOnce: boolean;
  /** No other transaction writes beside this one (PGlite: one connection, one transaction at a time). */
  soleWriter: boolean;
}

/** What the caller knows of the products before the write. */
interface WriteKnowledge {
  /**
   * Every product of the write had a point stored by an earlier write of the same run (importPriceFiles):
   * it has stored points, and none from the demo history (a real write removes its products' demo
   * points, and the demo history is only stored into an empty price table; no real point is ever
   * deleted). The demo deletes and the check for stored points are skipped.
   */
  storedBefore?: boolean;
}

interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  demoRemoved: number;
  suspects: number;
}

/** Where a write's values came from, for the suspect flags it raises. */
interface WriteOrigin {
  file: string;
  importId: string | null;
  actor: ImportActor;
}

/**
 * Stores observations: new ones inserted, changed values overwritten, equal values left alone
 * (whatever file they came from, so re-importing overlapping sources changes nothing). Real values
 * replace the generated demo history of their products.
 */
async function writeObservations(
  tx: DbOrTx,
  products: Map<string, ProductRecord>,
  observations: PriceObservation[],
  source: PriceSource,
  importedBy: string | null,
  now: Date,
  database: WriteDatabase,
  origin: WriteOrigin,
  knowledge: WriteKnowledge = {},
): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0, demoRemoved: 0, suspects: 0 };
  if (observations.length === 0) return counts;
  const productIds = [...new Set(observations.map((observation) => products.get(observation.productCode)!.id))];
  // Nothing else stores points of these products before this transaction ends: PGlite runs one
  // transaction at a time, and on PostgreSQL every write of them waits for this lock.
  const locked = database.soleWriter ? null : await lockProductsForWrite(tx, productIds);
  // Products written earlier in the same run have no demo points left, and points stored (WriteKnowledge):
  // for the 2020–2024 files of the 22 EIA files, each statement read all ~8,000 points of its product.
  if (source !== 'demo' && !knowledge.storedBefore) counts.demoRemoved = await deleteDemoPoints(tx, productIds, { cascadeOnce: database.checkReferencesOnce });
  // A first import of its products (the demo history just removed) has nothing to conflict with.
  const productsHaveNoPoints = knowledge.storedBefore ? false : await noPointsOfProducts(tx, productIds);
  // The rows' ids, a range the database makes them from (see upsertPricePoints): a first import's
  // suspect flags name the rows they flag by their position, without looking them up.
  const ids = createOrderedIdRange();
  const points = observations.map((observation) => ({
    productId: products.get(observation.productCode)!.id,
    publicationDate: observation.date,
    forwardPeriod: observation.forwardPeriod,
    value: normalizeDecimal(observation.value)!,
  }));
  const written = await upsertPricePoints(
    tx,
    points,
    {
      source,
      importedBy,
      now,
      checkReferencesOnce: database.checkReferencesOnce,
      productsLocked: locked?.allFound === true,
      productsHaveNoPoints,
      returnChanged: source !== 'demo',
      ids,
    },
  );
  counts.inserted = written.inserted;
  counts.updated = written.updated;
  counts.unchanged = observations.length - written.inserted - written.updated;
  // Issue 33 "Quality": the values just written whose move is far outside their series' recent
  // behaviour are flagged in the same transaction (generated demo values are not judged).
  if (source !== 'demo') {
    counts.suspects = await flagSuspectValues(tx, {
      firstImport: productsHaveNoPoints ? { points, ids } : null,
      changed: productsHaveNoPoints ? [] : (written.changed ?? []),
      origin: {
        importId: origin.importId,
        file: source === 'eia-api' ? origin.file : path.basename(origin.file),
        source,
        actor: origin.actor.kind,
        at: now,
      },
    });
  }
  return counts;
}

/** After a write that changed something: drop this instance's cache and tell everyone else. */
async function announcePriceChange(ctx: AppContext, report: ImportReport, writtenAt: Date) {
  if (report.inserted + report.updated + report.demo_removed === 0) return;
  getPriceCache(ctx).clear();
  if (report.inserted + report.updated > 0) await queueAlertEvaluation(ctx, { productCodes: report.product_codes, writtenAt });
  try {
    await ctx.events.publish({
      userId: null,
      type: PRICES_UPDATED_EVENT,
      data: { product_codes: report.product_codes, inserted: report.inserted, updated: report.updated, source: report.format },
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not publish prices_updated');
  }
}

interface StoreInput {
  file: string;
  format: string;
  source: PriceSource;
  observations: PriceObservation[];
  rejected: RejectedLine[];
  skippedBlank: number;
  importedBy: string | null;
  /** The id its line of the import history will have (the suspect flags name it). */
  importId?: string;
  /** Who imported it (the suspect flags name it); the CLI unless said. */
  actor?: ImportActor;
  /** See WriteKnowledge.storedBefore. */
  storedBefore?: boolean;
}

/** mayCheckReferencesOnce of each database's sessions: one role for the whole pool, asked once per process. */
const superuserSessions = new WeakMap<object, Promise<boolean>>();

function sessionMayCheckReferencesOnce(ctx: AppContext, tx: DbOrTx): Promise<boolean> {
  let may = superuserSessions.get(ctx.database);
  if (!may) {
    may = mayCheckReferencesOnce(tx);
    superuserSessions.set(ctx.database, may);
    // A failed query (the transaction aborted) is asked again by the next write.
    may.catch(() => superuserSessions.delete(ctx.database));
  }
  return may;
}

export async function storeObservations(ctx: AppContext, products: Map<string, ProductRecord>, input: StoreInput): Promise<ImportReport> {
  const writtenAt = ctx.now();
  const counts = await ctx.db.transaction(async (tx) =>
    // A superuser (PGlite's only user is one) checks the references once per file (see checkReferencesOnce).
    writeObservations(
      tx,
      products,
      input.observations,
      input.source,
      input.importedBy,
      writtenAt,
      {
        checkReferencesOnce: ctx.database.kind === 'pglite' || (await sessionMayCheckReferencesOnce(ctx, tx)),
        soleWriter: ctx.database.kind === 'pglite',
      },
      { file: input.file, importId: input.importId ?? null, actor: input.actor ?? (input.importedBy ? { kind: 'user', userId: input.importedBy } : { kind: 'cli' }) },
      { storedBefore: input.storedBefore },
    ),
  );
  if (counts.suspects > 0) ctx.log.info({ file: input.file, suspects: counts.suspects }, 'suspect price values flagged for review');
  const report: ImportReport = {
    ...emptyReport(input.file, input.format),
    product_codes: [...new Set(input.observations.map((observation) => observation.productCode))].sort(),
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: counts.unchanged,
    demo_removed: counts.demoRemoved,
    suspect: counts.suspects,
    rejected: input.rejected.length,
    rejected_lines: rejectedLinesText('en', input.rejected),
    skipped_blank: input.skippedBlank,
  };
  await announcePriceChange(ctx, report, writtenAt);
  return report;
}

export async function loadProductsByCode(ctx: AppContext): Promise<Map<string, ProductRecord>> {
  const all = await listAllProducts(ctx.db);
  return new Map(all.map((product) => [product.code, product]));
}

export interface ImportPriceFileInput {
  /** File name or path: it names the series of `Date,Price` and `DATE,VALUE` files. */
  name: string;
  text: string;
  /** The file's bytes, when it came as a file (multipart upload, CLI): a workbook, or text checked to be UTF-8. Wins over `text`. */
  bytes?: Uint8Array;
  /** Refuse the whole file when any row is malformed, instead of skipping those rows. */
  strict?: boolean;
  importedBy?: string | null;
  /** Who to name in the import history: by default the uploading user when importedBy is set, else the CLI. */
  actor?: ImportActor;
  /** The language of the returned report's reasons (the uploader's); the history keeps English. */
  lang?: Lang;
}

/**
 * Imports one EIA, FRED or generic CSV price file in one transaction. Idempotent: importing the
 * same file again reports everything unchanged. Malformed rows are skipped and listed with their
 * line numbers; a file that cannot be read as a whole is refused and nothing is written.
 */
export async function importPriceFile(ctx: AppContext, input: ImportPriceFileInput): Promise<ImportReport> {
  const actor: ImportActor = input.actor ?? (input.importedBy ? { kind: 'user', userId: input.importedBy } : { kind: 'cli' });
  const importId = randomUUID();
  const { report, messages } = await importPriceFileUnrecorded(ctx, input, importId, actor);
  await recordImport(ctx, actor, report, importId);
  return localizeReport(report, messages, input.lang ?? 'en');
}

type PreparedFile = { refused: ImportReport; messages: ReportMessages } | { store: StoreInput; productIds: string[] };

function refusal(file: string, format: string | null, reason: Message, line: number | null, rejected: RejectedLine[]): PreparedFile {
  return { refused: refusedReport(file, format, reason, line, rejected), messages: { refusal: { reason, line }, rejected } };
}

/** Reads one file against the configured products: a refusal, or what to store. No database work. */
async function prepareFile(products: Map<string, ProductRecord>, input: ImportPriceFileInput): Promise<PreparedFile> {
  const active = [...products.values()].filter((product) => product.active && product.kind !== 'spread');
  const parsed = input.bytes
    ? await parsePriceUpload({ name: input.name, bytes: input.bytes, products: active })
    : parsePriceFile({ name: input.name, text: input.text, products: active });
  if (!parsed.ok) return refusal(input.name, parsed.format, parsed.reason, parsed.line, parsed.rejected);
  if (input.strict && parsed.rejected.length > 0) {
    const first = parsed.rejected[0]!.line;
    const reason =
      parsed.rejected.length > 1
        ? withParams(priceImportMessages.strictMany, { count: parsed.rejected.length, line: first })
        : withParams(priceImportMessages.strictOne, { line: first });
    return refusal(input.name, parsed.format, reason, null, parsed.rejected);
  }
  const productIds = [...new Set(parsed.observations.map((observation) => products.get(observation.productCode)!.id))];
  return {
    productIds,
    store: {
      file: input.name,
      format: parsed.format,
      source: SOURCE_BY_FORMAT[parsed.format],
      observations: parsed.observations,
      rejected: parsed.rejected,
      skippedBlank: parsed.skippedBlank,
      importedBy: input.importedBy ?? null,
    },
  };
}

async function importPriceFileUnrecorded(
  ctx: AppContext,
  input: ImportPriceFileInput,
  importId: string,
  actor: ImportActor,
): Promise<{ report: ImportReport; messages: ReportMessages }> {
  const products = await loadProductsByCode(ctx);
  const prepared = await prepareFile(products, input);
  if ('refused' in prepared) return { report: prepared.refused, messages: prepared.messages };
  const report = await storeObservations(ctx, products, { ...prepared.store, importId, actor });
  return { report, messages: { refusal: null, rejected: prepared.store.rejected } };
}

export interface PriceFileToImport {
  name: string;
  /** The file's text, or its bytes (a workbook, or text checked to be UTF-8). */
  read: () => Promise<string | Uint8Array>;
}

export interface ImportPriceFilesOptions {
  strict?: boolean;
  actor?: ImportActor;
  /** Called in the files' order as each file's report is recorded in the history. */
  onFileDone?: (report: ImportReport) => void;
}

export interface ImportPriceFilesResult {
  /** The files written or refused, in the files' order. */
  reports: ImportReport[];
  /** The file that could not be read or written (nothing of it is stored), and why. */
  failure: { file: string; error: unknown } | null;
}

/** A file's end: written or refused with its report, failed, or not started after an earlier failure. */
type Outcome = { report: ImportReport; written: boolean; importId?: string } | { error: unknown } | { skipped: true };

/**
 * Imports files as importPriceFile would one after the other (one transaction each, the same
 * reports, each recorded in the history as soon as it and the files before it are done, in the
 * files' order), but without waiting on the database between files: the next file is read and
 * parsed while the database stores the previous one, and on PostgreSQL two files write at once (two
 * cores: its ~0.9 s of upserts for the 22 EIA files took the whole import's time otherwise). A file
 * that shares a product with an earlier one waits for that one's transaction, so every file sees
 * what the files before it wrote and its counts equal a sequential import's. PGlite runs one
 * statement at a time, so it writes one file at a time.
 * When a file fails, no file after it starts, and the files before it finish. On PostgreSQL a later
 * file may already be writing beside it: it is kept, recorded and reported like the others, so the
 * result names every file that was stored and the one that failed.
 */
export async function importPriceFiles(ctx: AppContext, files: PriceFileToImport[], options: ImportPriceFilesOptions = {}): Promise<ImportPriceFilesResult> {
  const actor = options.actor ?? { kind: 'cli' };
  const writers = ctx.database.kind === 'pglite' ? 1 : 2;
  const products = await loadProductsByCode(ctx);
  const lastWriteOf = new Map<string, Promise<Outcome>>();
  /** Products a file of this run has stored (see WriteKnowledge.storedBefore). */
  const stored = new Set<string>();
  const writing = new Set<Promise<Outcome>>();
  const result: ImportPriceFilesResult = { reports: [], failure: null };
  /** Index of the first file that failed: files after it do not start. */
  let failedAt = Infinity;
  let recorded: Promise<void> = Promise.resolve();
  const recordInOrder = (index: number, outcome: Promise<Outcome>) => {
    recorded = recorded.then(async () => {
      const end = await outcome;
      if ('skipped' in end) return;
      if ('error' in end) {
        result.failure ??= { file: files[index]!.name, error: end.error };
        return;
      }
      // A refusal after the failed file was never reached by a one-by-one import; a write was.
      if (index > failedAt && !end.written) return;
      await recordImport(ctx, actor, end.report, end.importId);
      result.reports.push(end.report);
      options.onFileDone?.(end.report);
    });
  };
  for (const [index, file] of files.entries()) {
    let prepared: PreparedFile;
    try {
      const content = await file.read();
      prepared = await prepareFile(
        products,
        typeof content === 'string' ? { name: file.name, text: content, strict: options.strict } : { name: file.name, text: '', bytes: content, strict: options.strict },
      );
    } catch (error) {
      failedAt = Math.min(failedAt, index);
      recordInOrder(index, Promise.resolve({ error }));
      break;
    }
    while (writing.size >= writers) await Promise.race(writing);
    if (index > failedAt) break;
    if ('refused' in prepared) {
      recordInOrder(index, Promise.resolve({ report: prepared.refused, written: false }));
      continue;
    }
    const earlier = prepared.productIds.map((id) => lastWriteOf.get(id)).filter((write) => write !== undefined);
    const outcome: Promise<Outcome> = Promise.all(earlier).then(async (): Promise<Outcome> => {
      if (index > failedAt) return { skipped: true };
      try {
        const importId = randomUUID();
        // The earlier writes of these products have ended (awaited above): what they stored is committed.
        const storedBefore = prepared.productIds.every((id) => stored.has(id));
        const report = await storeObservations(ctx, products, { ...prepared.store, importId, actor, storedBefore });
        for (const id of prepared.productIds) stored.add(id);
        return { report, written: true, importId };
      } catch (error) {
        failedAt = Math.min(failedAt, index);
        return { error };
      }
    });
    for (const id of prepared.productIds) lastWriteOf.set(id, outcome);
    writing.add(outcome);
    void outcome.then(() => writing.delete(outcome));
    recordInOrder(index, outcome);
  }
  await recorded;
  return result;
}

const REFUSAL_FIELDS_MAX = 50;

/** The admin upload: like importPriceFile, but a refused file is a 400 naming the reason and the lines. */
export async function importUploadedPriceFile(ctx: AppContext, input: ImportPriceFileInput): Promise<ImportReport> {
  const report = await importPriceFile(ctx, input);
  if (!report.refused) return report;
  // The importer's reasons, already in the uploader's language (input.lang), sent as they are.
  const fields: Record<string, Message> = { file: verbatim(report.refusal_reason!) };
  for (const rejected of report.rejected_lines.slice(0, REFUSAL_FIELDS_MAX)) fields[`line_${rejected.line}`] = verbatim(rejected.reason);
  throw new AppError('IMPORT_REJECTED', 400, withParams(priceMessages.importRefused, { reason: report.refusal_reason! }), fields);
}
