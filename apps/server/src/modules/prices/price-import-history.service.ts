import path from 'node:path';
import type { ImportReport, PriceImportListResponse, PriceImportRow } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { insertPriceImport, listPriceImports, type PriceImportWithUser } from './price-imports.repository';

/** The price-import history: one line per import (file, upload, EIA sync), and the admin's list of them. */

/** Who started an import, for the admin history: an admin's upload, the command line, or the scheduled EIA job. */
export type ImportActor = { kind: 'user'; userId: string } | { kind: 'cli' } | { kind: 'eia-job' };

/**
 * Writes one line of the import history. The prices are already stored (or the file refused), so a
 * failure here is logged and does not turn a done import into an error. `id`: the id the import's
 * suspect flags already name (made before its transaction).
 */
export async function recordImport(ctx: AppContext, actor: ImportActor, report: ImportReport, id?: string) {
  try {
    await insertPriceImport(ctx.db, {
      ...(id ? { id } : {}),
      actor: actor.kind,
      userId: actor.kind === 'user' ? actor.userId : null,
      source: report.format === 'eia-api' ? report.file : path.basename(report.file),
      format: report.format,
      inserted: report.inserted,
      updated: report.updated,
      unchanged: report.unchanged,
      rejected: report.rejected,
      refused: report.refused,
      refusalReason: report.refusal_reason,
      createdAt: ctx.now(),
    });
  } catch (error) {
    ctx.log.error({ err: error, file: report.file }, 'could not record the price import in its history');
  }
}

function toPriceImportRow({ entry, user }: PriceImportWithUser): PriceImportRow {
  const name = user ? [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim() : '';
  return {
    id: entry.id,
    actor: entry.actor,
    user: user ? { id: user.id, name: name || user.email, email: user.email } : null,
    source: entry.source,
    format: entry.format,
    inserted: entry.inserted,
    updated: entry.updated,
    unchanged: entry.unchanged,
    rejected: entry.rejected,
    refused: entry.refused,
    refusal_reason: entry.refusalReason,
    created_at: entry.createdAt.toISOString(),
  };
}

/** GET /api/admin/price-imports: the history, newest first. */
export async function listPriceImportHistory(ctx: AppContext, query: { page: number; page_size: number }): Promise<PriceImportListResponse> {
  const { rows, total } = await listPriceImports(ctx.db, query.page_size, (query.page - 1) * query.page_size);
  return { items: rows.map(toPriceImportRow), total, page: query.page, page_size: query.page_size };
}
