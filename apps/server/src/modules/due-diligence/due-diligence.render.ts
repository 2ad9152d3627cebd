import { escapeHtml, sanctionsListName, type DueFindings } from '@fueldesk/contracts';
import { sanitizeArticleHtml } from '../../integrations/news/html-sanitizer';
import { dueFieldLabel, dueLabel, type DueLang } from './due-diligence.messages';

const yesNo = (lang: DueLang, value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'yes' : 'no'));
const validity = (lang: DueLang, value: boolean | null) => (value === null ? dueLabel(lang, 'unknown') : dueLabel(lang, value ? 'valid' : 'invalid'));
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
export const formatScore = (score: number) => `${Math.round(score * 100)}%`;

/**
 * One list a report was screened against, by its human name: entries, publication date, version,
 * and a flag a reader cannot miss when it was stale or undated (the same line in HTML and PDF).
 */
export function describeReportList(item: DueFindings['lists'][number], lang: DueLang): string {
  const parts = [`${sanctionsListName(item.source, lang)} — ${item.entries} ${dueLabel(lang, 'entries')}`];
  if (item.published_at) parts.push(`${dueLabel(lang, 'published')} ${item.published_at.slice(0, 10)}`);
  if (item.version_id) parts.push(`${dueLabel(lang, 'version')} ${item.version_id}`);
  const line = parts.join(', ');
  if (!item.stale) return line;
  return `${line} — ${dueLabel(lang, item.published_at ? 'staleFlag' : 'undatedFlag')}`;
}

/** The report as HTML in the owner's language, built from the findings only and sanitized before it is stored. */
export function renderReportHtml(findings: DueFindings, lang: DueLang): string {
  const parts: string[] = [];
  parts.push(`<h2>${escapeHtml(dueLabel(lang, 'rating'))}: ${escapeHtml(dueLabel(lang, findings.risk.rating))}</h2>`);
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'reasons'))}</h3>${list(findings.risk.reasons)}`);

  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'lists'))}</h3>`);
  parts.push(
    findings.lists.length === 0
      ? `<p>${escapeHtml(dueLabel(lang, 'noLists'))}</p>`
      : list(findings.lists.map((item) => describeReportList(item, lang))),
  );

  const screened = findings.lists.length > 0;
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'screening'))}</h3><ul>`);
  for (const entry of findings.screening) {
    const head = `<strong>${escapeHtml(dueFieldLabel(lang, entry.field))}</strong>: ${escapeHtml(entry.name)}`;
    if (!screened) parts.push(`<li>${head} — ${escapeHtml(dueLabel(lang, 'notScreened'))}</li>`);
    else if (entry.matches.length === 0) parts.push(`<li>${head} — ${escapeHtml(dueLabel(lang, 'noMatch'))}</li>`);
    else {
      const matches = entry.matches.map(
        (match) =>
          `<li>${escapeHtml(match.name)} (${escapeHtml(match.source)}, ${escapeHtml(match.entity_id)}) — ${formatScore(match.score)}; ${escapeHtml(dueLabel(lang, 'programs'))}: ${escapeHtml(match.programs.join(', ') || '—')}; ${escapeHtml(match.explanation)}${decisionHtml(match, lang)}</li>`,
      );
      parts.push(`<li>${head}<ul>${matches.join('')}</ul></li>`);
    }
  }
  parts.push('</ul>');

  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'bank'))}</h3><p>${escapeHtml(validity(lang, findings.routing_number.valid))} — ${escapeHtml(findings.routing_number.reason)}</p>`);
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'taxId'))}</h3><p>${escapeHtml(validity(lang, findings.federal_tax_id.valid))} — ${escapeHtml(findings.federal_tax_id.reason)}</p>`);
  const contact = findings.contact;
  parts.push(
    `<h3>${escapeHtml(dueLabel(lang, 'contact'))}</h3>` +
      list([
        `${dueLabel(lang, 'emailValid')}: ${yesNo(lang, contact.email_valid)}`,
        `${dueLabel(lang, 'freeMail')}: ${yesNo(lang, contact.free_mail)}`,
        `${dueLabel(lang, 'disposable')}: ${yesNo(lang, contact.disposable)}`,
        `${dueLabel(lang, 'phoneValid')}: ${yesNo(lang, contact.phone_valid)}`,
        `${dueLabel(lang, 'phoneCountry')}: ${contact.phone_country ?? dueLabel(lang, 'unknown')}`,
      ]),
  );
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'ust'))}</h3>${list(findings.ust.notes)}`);
  parts.push(
    `<h3>${escapeHtml(dueLabel(lang, 'missing'))}</h3>` +
      (findings.missing.length ? list(findings.missing.map((field) => dueFieldLabel(lang, field))) : `<p>${escapeHtml(dueLabel(lang, 'nothingMissing'))}</p>`),
  );
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'adverseMedia'))}</h3>`);
  if (findings.adverse_media.length === 0) parts.push(`<p>${escapeHtml(dueLabel(lang, 'noAdverseMedia'))}</p>`);
  for (const media of findings.adverse_media) {
    const links = media.articles.map(
      (article) => `<li><a href="${escapeHtml(article.url)}">${escapeHtml(article.title)}</a> (${escapeHtml(article.source_name)}, ${escapeHtml(article.published_at.slice(0, 10))})</li>`,
    );
    parts.push(`<p><strong>${escapeHtml(media.name)}</strong></p><ul>${links.join('')}</ul>`);
  }
  parts.push(`<h3>${escapeHtml(dueLabel(lang, 'narrative'))}</h3>`);
  if (findings.narrative.text) {
    for (const paragraph of findings.narrative.text.split(/\n{2,}/)) parts.push(`<p>${escapeHtml(paragraph.trim())}</p>`);
  }
  parts.push(`<p><em>${escapeHtml(findings.narrative.note)}</em></p>`);
  return sanitizeArticleHtml(parts.join(''));
}

/** A match's decision in the content: what, by whom, when, why (and who approved it). */
function decisionHtml(match: DueFindings['screening'][number]['matches'][number], lang: DueLang): string {
  const decision = match.decision;
  if (!decision) return '';
  const state = decision.status === 'pending_approval' ? dueLabel(lang, 'pendingApproval') : decision.cleared ? dueLabel(lang, 'cleared') : '';
  const approval = decision.approved_by_email ? `; ${dueLabel(lang, 'approvedBy')} ${decision.approved_by_email}` : '';
  const text = `${dueLabel(lang, decision.decision)}${state ? ` (${state})` : ''} — ${decision.decided_by_email ?? '—'}, ${decision.decided_at.slice(0, 10)}${approval}: ${decision.note}`;
  return `<br><strong>${escapeHtml(text)}</strong>${decision.reopened_reason ? ` <em>${escapeHtml(decision.reopened_reason)}</em>` : ''}`;
}
