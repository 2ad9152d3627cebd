import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  sanctionsListName,
  sanctionsSources,
  SCREENING_IMPORT_MAX_FILES,
  screeningImportMessages,
  screeningImportResponseSchema,
  withParams,
  type SanctionsSource,
  type ScreeningImportResponse,
} from '@fueldesk/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { pickLanguage } from '../../lib/messages';
import { currentUser, route } from '../../plugins/auth';
import { importSanctionsFiles, SanctionsImportError, type SanctionsFile } from './screening-import.service';

type Lang = 'en' | 'es';

/** A refusal by key (the error handler writes it in the caller's language). */
function message(_lang: Lang, key: keyof typeof screeningImportMessages, values?: Record<string, string | number>) {
  return values ? withParams(screeningImportMessages[key], values) : screeningImportMessages[key];
}

interface Upload {
  files: SanctionsFile[];
  source?: SanctionsSource;
}

async function readUpload(ctx: AppContext, request: FastifyRequest, lang: Lang): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(message(lang, 'noFiles'));
  const maxBytes = ctx.config.SANCTIONS_MAX_FILE_BYTES;
  const upload: Upload = { files: [] };
  let sourceText: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: SCREENING_IMPORT_MAX_FILES, fields: 5 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw badRequest(message(lang, 'fileTooLarge', { mb: Math.floor(maxBytes / 1_048_576) }));
        if (content.length > 0) upload.files.push({ name: part.filename || 'upload', content });
      } else if (part.fieldname === 'source' && typeof part.value === 'string' && part.value.trim()) {
        sourceText = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(message(lang, 'fileTooLarge', { mb: Math.floor(maxBytes / 1_048_576) }));
    if (code === 'FST_FILES_LIMIT') throw badRequest(message(lang, 'tooManyFiles'));
    throw error;
  }
  if (sourceText !== undefined) {
    if (!(sanctionsSources as readonly string[]).includes(sourceText)) throw badRequest(message(lang, 'badSource'));
    upload.source = sourceText as SanctionsSource;
  }
  if (upload.files.length === 0) throw badRequest(message(lang, 'noFiles'));
  return upload;
}

/**
 * Loads uploaded list files with the CLI's checks: a file that cannot be read as a list, or a list
 * that is malformed, cut off or much smaller than the stored one, is refused (400) and the stored
 * version stays in use. Lists of other files in the same upload that pass are stored.
 */
export async function importUploadedLists(ctx: AppContext, upload: Upload, userId: string, lang: Lang): Promise<ScreeningImportResponse> {
  let results;
  try {
    results = await ctx.database.exclusive('fueldesk.sanctions-import', () =>
      importSanctionsFiles(ctx, upload.files, {
        origin: `upload by user ${userId}: ${upload.files.map((file) => file.name).join(', ')}`.slice(0, 500),
        source: upload.source,
      }),
    );
  } catch (error) {
    if (error instanceof SanctionsImportError) throw badRequest(message(lang, 'notAList', { detail: error.message }));
    throw error;
  }
  ctx.log.info(
    { user: userId, results: results.map((result) => ({ source: result.source, status: result.status, entries: result.entries, version: result.versionId })) },
    'sanctions lists uploaded',
  );
  const refused = results.filter((result) => result.status === 'refused');
  if (refused.length > 0) {
    throw badRequest(
      message(lang, 'refused', {
        list: refused.map((result) => sanctionsListName(result.source, lang)).join(', '),
        detail: refused.map((result) => result.reason ?? '').join(' '),
      }),
    );
  }
  return {
    imported: results.map((result) => ({
      source: result.source,
      name: sanctionsListName(result.source, lang),
      status: result.status as 'stored' | 'unchanged' | 'older',
      version_id: result.versionId,
      entries: result.entries,
      names: result.names,
      published_at: result.publishedAt,
    })),
  };
}

/** POST /screening/lists/import (admin): multipart list files, and `source` when a file does not tell. */
export const screeningListImportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: app.ctx.config.SANCTIONS_MAX_FILE_BYTES, files: SCREENING_IMPORT_MAX_FILES } });
  app.post(
    '/screening/lists/import',
    route(
      'admin',
      {
        tags: ['screening'],
        summary: 'Load sanctions list files (multipart: files, and source when a file does not tell); refused lists leave the stored ones in use',
        consumes: ['multipart/form-data'],
        response: { 200: screeningImportResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
      { bodyLimit: app.ctx.config.SANCTIONS_MAX_FILE_BYTES * 2 },
    ),
    async (request) => {
      const lang = pickLanguage(request.headers['accept-language']);
      const upload = await readUpload(app.ctx, request, lang);
      return importUploadedLists(app.ctx, upload, currentUser(request).id, lang);
    },
  );
};
