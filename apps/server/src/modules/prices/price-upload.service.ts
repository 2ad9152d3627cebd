import { priceImportMessages, priceMessages, withParams, type ImportReport, type MultipartImportResponse, type UploadedFileReport } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { refusalText } from '../../integrations/market-data/import-messages';
import { AppError } from '../../lib/app-error';
import type { Lang } from '../../lib/messages';
import { importPriceFile } from './price-import.service';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
  /** The file was cut at the upload limit: it is refused, nothing of it written. */
  truncated: boolean;
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() || name;
}

function present(name: string, report: ImportReport): UploadedFileReport {
  return {
    name,
    format: report.format,
    inserted: report.inserted,
    updated: report.updated,
    unchanged: report.unchanged,
    rejected: report.rejected,
    suspect: report.suspect,
    errors: [
      ...(report.refused && report.refusal_reason ? [{ line: 0, detail: report.refusal_reason }] : []),
      ...report.rejected_lines.map((rejected) => ({ line: rejected.line, detail: rejected.reason })),
    ],
    refused: report.refused,
    refusal_reason: report.refusal_reason,
  };
}

/**
 * The data desk's multipart upload: each file imported in order, on its own (one transaction each,
 * each in the import history), and answered with its own report. A refused file (too large, not a
 * workbook nor UTF-8 text, no known series, …) writes nothing and does not stop the others. The
 * reports' reasons are in the uploader's language (`lang`); the import history keeps English.
 */
export async function importUploadedPriceFiles(
  ctx: AppContext,
  files: UploadedFile[],
  options: { importedBy: string; strict?: boolean; limitBytes: number; lang?: Lang },
): Promise<MultipartImportResponse> {
  if (files.length === 0) throw new AppError('VALIDATION_ERROR', 400, priceMessages.uploadNoFiles, { files: priceMessages.uploadNoFiles });
  const reports: UploadedFileReport[] = [];
  for (const file of files) {
    const name = baseName(file.name);
    if (file.truncated) {
      const reason = refusalText(options.lang ?? 'en', withParams(priceImportMessages.tooLarge, { mb: Math.round(options.limitBytes / 1_048_576) }), null);
      reports.push({ name, format: 'unknown', inserted: 0, updated: 0, unchanged: 0, rejected: 0, suspect: 0, errors: [{ line: 0, detail: reason }], refused: true, refusal_reason: reason });
      continue;
    }
    const report = await importPriceFile(ctx, { name, text: '', bytes: file.bytes, strict: options.strict, importedBy: options.importedBy, lang: options.lang });
    reports.push(present(name, report));
  }
  return { files: reports };
}
