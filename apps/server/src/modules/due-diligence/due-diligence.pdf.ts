import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sanctionsListName, type DueFindings } from '@fueldesk/contracts';
import { lazyModule } from '../../lib/lazy-module';
import { dueFieldLabel, dueLabel, type DueLang } from './due-diligence.messages';
import { formatScore } from './due-diligence.render';

export interface PdfReport {
  id: string;
  /** The document's title: the form's business name (the report's own title is its contact). */
  businessName: string;
  title: string;
  /** Who asked for the report: its owner's name and email. */
  requester: string;
  createdAt: Date;
  completedAt: Date | null;
  findings: DueFindings;
  /** Re-runs: 1 for a new report. */
  version?: number;
  engineVersion?: string | null;
  threshold?: number | null;
}

/** pdfkit (slow to load) only when a report is downloaded as a PDF. */
const loadPdfKit = lazyModule<typeof import('pdfkit')>('pdfkit');

/** fontkit, the font engine under pdfkit: the fonts are parsed once and shared by every document. */
const loadFontkit = lazyModule<{ create(data: Uint8Array): PdfFontObject }>('fontkit');
/** A parsed font; pdfkit takes one (anything with `layout`) where its types say a file or buffer. */
type PdfFontObject = { layout(text: string): unknown };

/**
 * DejaVu Sans (the dejavu-fonts-ttf package; Bitstream Vera licence, DejaVu changes in the public
 * domain), embedded as a subset: Latin with accents, curly quotes and dashes, Greek, Cyrillic and
 * Arabic, which pdfkit's built-in Helvetica (WinAnsi only) cannot show. Parsed once, on first use:
 * parsing and preparing its OpenType tables anew for each document made a PDF ~5 times slower.
 */
let fonts: { regular: PdfFontObject; bold: PdfFontObject } | undefined;
function loadFonts(): { regular: PdfFontObject; bold: PdfFontObject } {
  if (!fonts) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const { create } = loadFontkit();
    fonts = { regular: create(readFileSync(path.join(dir, 'DejaVuSans.ttf'))), bold: create(readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf'))) };
  }
  return fonts;
}

const RTL = '\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc';
/** A run of words that contain right-to-left letters (Hebrew, Arabic), with the spaces between them. */
const RTL_RUN = new RegExp(`[^\\s]*[${RTL}][^\\s]*(?:\\s+[^\\s]*[${RTL}][^\\s]*)*`, 'g');

/**
 * A line cut into its left-to-right text and its runs of right-to-left words. pdfkit lays text out
 * left to right in pieces cut at spaces, and fontkit shapes each piece: it joins Arabic letters in
 * their contextual forms and mirrors a right-to-left piece. A run whose spaces are no-break spaces
 * is one piece, so its words come out in right-to-left order too (a minimal part of the Unicode
 * bidirectional algorithm: enough for names and short phrases inside a left-to-right line).
 */
export function bidiPieces(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const match of text.matchAll(RTL_RUN)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push(match[0].replace(/\s+/g, '\u00a0'));
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

const dateInWords = (date: Date | string, lang: DueLang) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
const timeOf = (date: Date | string, lang: DueLang) => new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone: 'UTC', hour12: false }).format(new Date(date));
const dateTimeInWords = (date: Date | string, lang: DueLang) => `${dateInWords(date, lang)}, ${timeOf(date, lang)} UTC`;

/**
 * The report as a PDF a compliance file can hold, in the report's language: titled with the
 * business name; the report id, requester and dates in words; the lists by their human names with
 * versions and publication dates; every screened name with its matches and explanations; the
 * decisions on matches (what, who, when, why, approval); every check; "Page n of m" on each page.
 */
export function renderReportPdf(report: PdfReport, lang: DueLang): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, left: 54, right: 54, bottom: 64 },
    bufferPages: true,
    lang,
    displayTitle: true,
    info: { Title: report.businessName, Subject: dueLabel(lang, 'documentKind'), Author: report.requester, Creator: 'FuelDesk', CreationDate: report.createdAt },
  });
  doc.registerFont('body', regular as unknown as Uint8Array);
  doc.registerFont('bold', bold as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const grey = '#555555';
  const say = (text: string, options: PDFKit.Mixins.TextOptions = {}) => {
    const pieces = bidiPieces(text);
    // An indented paragraph keeps its indent on every line it wraps to.
    const layout = options.indent ? { indentAllLines: true, ...options } : options;
    pieces.forEach((piece, index) => doc.text(piece, { ...layout, continued: index < pieces.length - 1 || options.continued === true }));
  };
  const heading = (text: string) => {
    // A heading never ends a page alone: with less than a few lines left, it starts the next one.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 56) doc.addPage();
    doc.moveDown(0.8).font('bold').fontSize(13);
    say(text);
    doc.font('body').fontSize(10).moveDown(0.2);
  };
  const bullet = (text: string, indent = 8) => say(`•  ${text}`, { indent });
  const note = (text: string, indent = 24) => {
    doc.fillColor(grey);
    say(text, { indent });
    doc.fillColor('#000000');
  };
  const field = (label: string, value: string) => {
    doc.font('bold');
    say(`${label}: `, { continued: true });
    doc.font('body');
    say(value);
  };
  const yesNo = (value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'yes' : 'no'));
  const validity = (value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'valid' : 'invalid'));
  const { findings } = report;

  doc.font('body').fontSize(9).fillColor(grey);
  say(`FuelDesk · ${dueLabel(lang, 'documentKind')}`);
  doc.fillColor('#000000').font('bold').fontSize(20).moveDown(0.2);
  say(report.businessName);
  doc.font('body').fontSize(10).moveDown(0.4);
  field(dueLabel(lang, 'reportId'), report.id);
  field(dueLabel(lang, 'reportTitle'), report.title);
  field(dueLabel(lang, 'requester'), report.requester);
  field(dueLabel(lang, 'createdOn'), dateTimeInWords(report.createdAt, lang));
  if (report.completedAt) field(dueLabel(lang, 'completedOn'), dateTimeInWords(report.completedAt, lang));
  field(dueLabel(lang, 'reportLanguage'), dueLabel(lang, 'languageName'));
  const reproduce = [
    report.version ? `${dueLabel(lang, 'reportVersion')} ${report.version}` : null,
    report.engineVersion ? `${dueLabel(lang, 'engine')} ${report.engineVersion}` : null,
    report.threshold != null ? `${dueLabel(lang, 'threshold')} ${report.threshold}` : null,
  ].filter(Boolean);
  if (reproduce.length > 0) {
    doc.fillColor(grey);
    say(reproduce.join(' · '));
    doc.fillColor('#000000');
  }

  heading(`${dueLabel(lang, 'rating')}: ${dueLabel(lang, findings.risk.rating)}`);
  doc.font('bold');
  say(dueLabel(lang, 'reasons'));
  doc.font('body');
  for (const reason of findings.risk.reasons) bullet(reason);

  heading(dueLabel(lang, 'lists'));
  if (findings.lists.length === 0) say(dueLabel(lang, 'noLists'));
  for (const item of findings.lists) {
    doc.font('bold');
    bullet(sanctionsListName(item.source, lang));
    doc.font('body');
    const facts = [
      `${dueLabel(lang, 'published')} ${item.published_at ? dateInWords(item.published_at, lang) : '—'}`,
      item.version_id ? `${dueLabel(lang, 'version')} ${item.version_id}` : null,
      `${item.entries} ${dueLabel(lang, 'entries')}`,
    ].filter(Boolean);
    say(facts.join(' · '), { indent: 24 });
    if (item.stale) {
      doc.fillColor('#b91c1c');
      say(dueLabel(lang, item.published_at ? 'staleFlag' : 'undatedFlag'), { indent: 24 });
      doc.fillColor('#000000');
    }
  }

  heading(dueLabel(lang, 'screening'));
  for (const entry of findings.screening) {
    const state =
      findings.lists.length === 0 ? dueLabel(lang, 'notScreened') : entry.matches.length === 0 ? dueLabel(lang, 'noMatch') : `${entry.matches.length} ${dueLabel(lang, 'matchCount')}`;
    bullet(`${dueFieldLabel(lang, entry.field)}: ${entry.name} — ${state}`);
    for (const match of entry.matches) {
      doc.font('bold');
      say(`${match.name} — ${dueLabel(lang, 'score')} ${formatScore(match.score)}`, { indent: 24 });
      doc.font('body');
      say(`${sanctionsListName(match.source, lang)}, ${dueLabel(lang, 'listEntry')} ${match.entity_id}; ${dueLabel(lang, 'programs')}: ${match.programs.join(', ') || '—'}`, { indent: 24 });
      note(match.explanation);
      if (match.decision) say(`${dueLabel(lang, 'decision')}: ${dueLabel(lang, match.decision.decision)} (${decisionState(match.decision, lang)})`, { indent: 24 });
    }
  }

  // Every decision on a match: what was decided, by whom, when, why, and its approval.
  heading(dueLabel(lang, 'decisions'));
  const decided = findings.screening.flatMap((entry) => entry.matches.filter((match) => match.decision).map((match) => ({ entry, match, decision: match.decision! })));
  if (decided.length === 0) say(dueLabel(lang, 'noDecisions'));
  for (const { entry, match, decision } of decided) {
    doc.font('bold');
    bullet(`${entry.name} ↔ ${match.name} (${match.entity_id}): ${dueLabel(lang, decision.decision)}`);
    doc.font('body');
    say(`${dueLabel(lang, 'decidedBy')}: ${decision.decided_by_email ?? '—'}, ${dateTimeInWords(decision.decided_at, lang)}`, { indent: 24 });
    say(`${dueLabel(lang, 'why')}: ${decision.note}`, { indent: 24 });
    say(`${dueLabel(lang, 'approval')}: ${decisionState(decision, lang, true)}`, { indent: 24 });
    if (decision.reopened_reason) note(decision.reopened_reason);
  }

  heading(dueLabel(lang, 'bank'));
  say(`${validity(findings.routing_number.valid)} — ${findings.routing_number.reason}`);
  heading(dueLabel(lang, 'taxId'));
  say(`${validity(findings.federal_tax_id.valid)} — ${findings.federal_tax_id.reason}`);
  heading(dueLabel(lang, 'contact'));
  bullet(`${dueLabel(lang, 'emailValid')}: ${yesNo(findings.contact.email_valid)}`);
  bullet(`${dueLabel(lang, 'freeMail')}: ${yesNo(findings.contact.free_mail)}`);
  bullet(`${dueLabel(lang, 'disposable')}: ${yesNo(findings.contact.disposable)}`);
  bullet(`${dueLabel(lang, 'phoneValid')}: ${yesNo(findings.contact.phone_valid)}`);
  bullet(`${dueLabel(lang, 'phoneCountry')}: ${findings.contact.phone_country ?? dueLabel(lang, 'unknown')}`);
  heading(dueLabel(lang, 'ust'));
  for (const line of findings.ust.notes) bullet(line);
  heading(dueLabel(lang, 'missing'));
  if (findings.missing.length === 0) say(dueLabel(lang, 'nothingMissing'));
  for (const missing of findings.missing) bullet(dueFieldLabel(lang, missing));
  heading(dueLabel(lang, 'adverseMedia'));
  if (findings.adverse_media.length === 0) say(dueLabel(lang, 'noAdverseMedia'));
  for (const media of findings.adverse_media) {
    bullet(media.name);
    for (const article of media.articles) say(`${article.title} (${article.source_name}, ${dateInWords(article.published_at, lang)}) ${article.url}`, { indent: 24 });
  }
  heading(dueLabel(lang, 'narrative'));
  if (findings.narrative.text) {
    say(findings.narrative.text);
    doc.moveDown(0.3);
  }
  note(findings.narrative.note, 0);

  // "Page n of m" at the foot of every page, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(grey)
      .text(`${report.businessName} · ${report.id}`, doc.page.margins.left, doc.page.height - 40, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'left', lineBreak: false })
      .text(dueLabel(lang, 'page', { page: index + 1, pages: range.count }), doc.page.margins.left, doc.page.height - 40, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** A decision's approval state: final (approved by whom, or needing no second person), waiting for approval, or no longer applying. */
function decisionState(decision: NonNullable<DueFindings['screening'][number]['matches'][number]['decision']>, lang: DueLang, withDate = false): string {
  if (decision.reopened_reason) return dueLabel(lang, 'reopened');
  if (decision.status === 'pending_approval') return dueLabel(lang, 'pendingApproval');
  const when = withDate && decision.approved_at ? `, ${dateTimeInWords(decision.approved_at, lang)}` : '';
  const state = decision.approved_by_email ? `${dueLabel(lang, 'final')}, ${dueLabel(lang, 'approvedBy')} ${decision.approved_by_email}${when}` : dueLabel(lang, 'notNeeded');
  return decision.cleared ? `${state}; ${dueLabel(lang, 'cleared')}` : state;
}
