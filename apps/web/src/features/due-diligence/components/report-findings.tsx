import { sanctionsListName, type DueFindings } from '@fueldesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionControl } from '@/components/decisions/decision-control';
import { WatchButton } from '@/components/watchlist/watch-button';
import { RiskRatingBadge } from './report-badges';

/** The form's business fields are organisations; the others name people (as the report screens them). */
const personFields = new Set(['contact_name', 'owner_name', 'authorized_signer', 'printed_name', 'guarantor_signature', 'buyer_name']);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The findings as sections: rating and reasons, lists, every screened name with its matches, the
 * checks, missing information, narrative. Headings, labels, dates and numbers are in the report's
 * `language` (its reasons and explanations come from the server in it), whatever the interface's;
 * the controls to act on a name or a match (watch, decide) stay in the interface language.
 */
export function ReportFindings({ findings, reportId, language }: { findings: DueFindings; reportId?: string; language: string }) {
  const { t } = useTranslation('due', { lng: language });
  const { t: tl } = useTranslation('lists', { lng: language });
  const { i18n } = useTranslation();
  const screened = findings.lists.length > 0;
  const yesNo = (value: boolean | null) => (value === null ? t('detail.notGiven') : value ? t('detail.yes') : t('detail.no'));
  const validity = (value: boolean | null) => (value === null ? t('detail.notGiven') : value ? t('detail.valid') : t('detail.invalid'));
  const percent = (score: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(score);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)) : t('detail.unknownDate'));
  // The controls inside the report speak the interface's language, and say so to assistive technology.
  const controlsLanguage = i18n.resolvedLanguage ?? language;

  return (
    <div className="flex flex-col gap-4 text-sm text-slate-800 dark:text-slate-200">
      <Section title={t('detail.rating')}>
        <RiskRatingBadge rating={findings.risk.rating} language={language} />
        <h3 className="mt-3 font-semibold">{t('detail.reasons')}</h3>
        <ul className="list-disc pl-5">
          {findings.risk.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </Section>

      <Section title={t('detail.lists')}>
        {screened ? (
          <ul className="list-disc pl-5">
            {findings.lists.map((list) => (
              <li key={list.source}>
                {t('detail.listEntry', { source: sanctionsListName(list.source, language), entries: list.entries, published: date(list.published_at) })}
                {list.version_id ? ` · ${tl('version', { version: list.version_id })}` : null}
                {list.stale ? (
                  <strong className="block text-red-800 dark:text-red-300">⚠ {list.published_at ? tl('reportStale') : tl('reportUndated')}</strong>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p role="note" className="font-semibold text-amber-800 dark:text-amber-300">{t('detail.noLists')}</p>
        )}
      </Section>

      <Section title={t('detail.screening')}>
        <ul className="flex flex-col gap-3">
          {findings.screening.map((entry) => (
            <li key={entry.field}>
              <p>
                <span className="font-semibold">{t(`form.fields.${entry.field}`)}:</span> {entry.name} —{' '}
                {!screened ? t('detail.notScreened') : entry.matches.length === 0 ? t('detail.noMatch') : t('detail.matchCount', { count: entry.matches.length })}
              </p>
              {reportId ? (
                <div className="mt-1" lang={controlsLanguage}>
                  <WatchButton name={entry.name} type={personFields.has(entry.field) ? 'person' : 'organization'} reportId={reportId} />
                </div>
              ) : null}
              {entry.matches.length > 0 ? (
                <ul className="mt-1 flex flex-col gap-1 border-l-2 border-red-400 pl-3">
                  {entry.matches.map((match) => (
                    <li key={match.entity_id}>
                      <p className="font-semibold text-red-800 dark:text-red-300">
                        {match.name} · {t('detail.score')} {percent(match.score)}
                      </p>
                      <p>
                        {t('detail.listEntryId')}: {match.entity_id} ({sanctionsListName(match.source, language)}) · {t('detail.programs')}: {match.programs.join(', ') || '—'}
                      </p>
                      <p className="text-slate-600 dark:text-slate-400">{match.explanation}</p>
                      {reportId ? (
                        <div lang={controlsLanguage}>
                          <DecisionControl subjectName={entry.name} match={match} reportId={reportId} />
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('detail.checks')}>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold">{t('detail.routing')}</dt>
          <dd>
            {validity(findings.routing_number.valid)} — {findings.routing_number.reason}
          </dd>
          <dt className="font-semibold">{t('detail.taxId')}</dt>
          <dd>
            {validity(findings.federal_tax_id.valid)} — {findings.federal_tax_id.reason}
          </dd>
          <dt className="font-semibold">{t('detail.emailValid')}</dt>
          <dd>{yesNo(findings.contact.email_valid)}</dd>
          <dt className="font-semibold">{t('detail.freeMail')}</dt>
          <dd>{yesNo(findings.contact.free_mail)}</dd>
          <dt className="font-semibold">{t('detail.disposable')}</dt>
          <dd>{yesNo(findings.contact.disposable)}</dd>
          <dt className="font-semibold">{t('detail.phoneValid')}</dt>
          <dd>{yesNo(findings.contact.phone_valid)}</dd>
          <dt className="font-semibold">{t('detail.phoneCountry')}</dt>
          <dd>{findings.contact.phone_country ?? t('detail.notGiven')}</dd>
        </dl>
      </Section>

      <Section title={t('detail.ust')}>
        <ul className="list-disc pl-5">
          {findings.ust.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Section>

      <Section title={t('detail.missing')}>
        {findings.missing.length === 0 ? (
          <p>{t('detail.nothingMissing')}</p>
        ) : (
          <ul className="list-disc pl-5">
            {findings.missing.map((field) => (
              <li key={field}>{t(`form.fields.${field}`, { defaultValue: field })}</li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('detail.adverseMedia')}>
        {findings.adverse_media.length === 0 ? (
          <p>{t('detail.noAdverseMedia')}</p>
        ) : (
          findings.adverse_media.map((media) => (
            <div key={media.name} className="mb-2">
              <h3 className="font-semibold">{t('detail.mentions', { name: media.name })}</h3>
              <ul className="list-disc pl-5">
                {media.articles.map((article) => (
                  <li key={article.id}>
                    <a href={article.url} target="_blank" rel="noopener noreferrer nofollow" className="text-amber-700 underline dark:text-amber-400">
                      {article.title}
                    </a>{' '}
                    ({article.source_name}, {date(article.published_at)})
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </Section>

      <Section title={t('detail.narrative')}>
        {findings.narrative.text ? <p className="whitespace-pre-line">{findings.narrative.text}</p> : null}
        <p className="mt-1 italic text-slate-600 dark:text-slate-400">{findings.narrative.note}</p>
      </Section>
    </div>
  );
}
