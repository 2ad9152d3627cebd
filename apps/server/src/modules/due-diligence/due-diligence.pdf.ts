import type { DueFindings } from '@fueldesk/contracts';
import { lazyModule } from '../../lib/lazy-module';
import { dueFieldLabel, dueLabel, type DueLang } from './due-diligence.messages';
import { describeReportList, formatScore } from './due-diligence.render';

export interface PdfReport {
  title: string;
  createdAt: Date;
  completedAt: Date | null;
  findings: DueFindings;
  /** Re-runs: 1 for a new report. */
  version?: number;
  engineVersion?: string | null;
  threshold?: number | null;
}

/** pdfkit and its fonts (slow to load) only when a report is downloaded as a PDF. */
const loadPdfKit = lazyModule<typeof import('pdfkit')>('pdfkit');

/** The report as a PDF (pdfkit): rating and reasons, the lists with their dates, every check. */
export function renderReportPdf(report: PdfReport, lang: DueLang): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: report.title, Creator: 'FuelDesk' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { findings } = report;
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).font('Helvetica').fontSize(10).moveDown(0.2);
  const bullet = (text: string) => doc.text(`•  ${text}`, { indent: 8 });
  const yesNo = (value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'yes' : 'no'));
  const validity = (value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'valid' : 'invalid'));

  doc.font('Helvetica-Bold').fontSize(18).text(report.title);
  const reproduce = [
    report.version ? `${dueLabel(lang, 'reportVersion')} ${report.version}` : null,
    report.engineVersion ?? null,
    report.threshold != null ? `threshold ${report.threshold}` : null,
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555')
    .text(`${dueLabel(lang, 'generated')}: ${(report.completedAt ?? report.createdAt).toISOString()}${reproduce.length > 0 ? ` — ${reproduce.join(', ')}` : ''}`)
    .fillColor('#000');
  heading(`${dueLabel(lang, 'rating')}: ${dueLabel(lang, findings.risk.rating)}`);
  for (const reason of findings.risk.reasons) bullet(reason);

  heading(dueLabel(lang, 'lists'));
  if (findings.lists.length === 0) doc.text(dueLabel(lang, 'noLists'));
  for (const item of findings.lists) {
    bullet(describeReportList(item, lang));
  }

  heading(dueLabel(lang, 'screening'));
  for (const entry of findings.screening) {
    const state = findings.lists.length === 0 ? dueLabel(lang, 'notScreened') : entry.matches.length === 0 ? dueLabel(lang, 'noMatch') : '';
    bullet(`${dueFieldLabel(lang, entry.field)}: ${entry.name}${state ? ` — ${state}` : ''}`);
    for (const match of entry.matches) {
      doc.text(`${match.name} (${match.source}, ${match.entity_id}) — ${formatScore(match.score)}; ${dueLabel(lang, 'programs')}: ${match.programs.join(', ') || '—'}`, { indent: 24 });
      doc.fillColor('#555').text(match.explanation, { indent: 24 }).fillColor('#000');
    }
  }

  // Every decision on a match: what was decided, by whom, when, why, and who approved it.
  heading(dueLabel(lang, 'decisions'));
  const decided = findings.screening.flatMap((entry) => entry.matches.filter((match) => match.decision).map((match) => ({ entry, match, decision: match.decision! })));
  if (decided.length === 0) doc.text(dueLabel(lang, 'noDecisions'));
  for (const { entry, match, decision } of decided) {
    const state = decision.status === 'pending_approval' ? dueLabel(lang, 'pendingApproval') : decision.cleared ? dueLabel(lang, 'cleared') : '';
    bullet(`${entry.name} ↔ ${match.name} (${match.entity_id}): ${dueLabel(lang, decision.decision)}${state ? ` — ${state}` : ''}`);
    const approval = decision.approved_by_email ? `; ${dueLabel(lang, 'approvedBy')} ${decision.approved_by_email}, ${decision.approved_at?.slice(0, 10) ?? ''}` : '';
    doc.text(`${decision.decided_by_email ?? '—'}, ${decision.decided_at.slice(0, 10)}${approval}`, { indent: 24 });
    doc.fillColor('#555').text(decision.note, { indent: 24 }).fillColor('#000');
    if (decision.reopened_reason) doc.text(decision.reopened_reason, { indent: 24 });
  }

  heading(dueLabel(lang, 'bank'));
  doc.text(`${validity(findings.routing_number.valid)} — ${findings.routing_number.reason}`);
  heading(dueLabel(lang, 'taxId'));
  doc.text(`${validity(findings.federal_tax_id.valid)} — ${findings.federal_tax_id.reason}`);
  heading(dueLabel(lang, 'contact'));
  bullet(`${dueLabel(lang, 'emailValid')}: ${yesNo(findings.contact.email_valid)}`);
  bullet(`${dueLabel(lang, 'freeMail')}: ${yesNo(findings.contact.free_mail)}`);
  bullet(`${dueLabel(lang, 'disposable')}: ${yesNo(findings.contact.disposable)}`);
  bullet(`${dueLabel(lang, 'phoneValid')}: ${yesNo(findings.contact.phone_valid)}`);
  bullet(`${dueLabel(lang, 'phoneCountry')}: ${findings.contact.phone_country ?? dueLabel(lang, 'unknown')}`);
  heading(dueLabel(lang, 'ust'));
  for (const note of findings.ust.notes) bullet(note);
  heading(dueLabel(lang, 'missing'));
  if (findings.missing.length === 0) doc.text(dueLabel(lang, 'nothingMissing'));
  for (const field of findings.missing) bullet(dueFieldLabel(lang, field));
  heading(dueLabel(lang, 'adverseMedia'));
  if (findings.adverse_media.length === 0) doc.text(dueLabel(lang, 'noAdverseMedia'));
  for (const media of findings.adverse_media) {
    bullet(media.name);
    for (const article of media.articles) doc.text(`${article.title} (${article.source_name}, ${article.published_at.slice(0, 10)}) ${article.url}`, { indent: 24 });
  }
  heading(dueLabel(lang, 'narrative'));
  if (findings.narrative.text) doc.text(findings.narrative.text).moveDown(0.3);
  doc.fillColor('#555').text(findings.narrative.note).fillColor('#000');
  doc.end();
  return done;
}
