import type { DueReport } from '@fueldesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createDueBody, validDueForm } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { pdfPageTexts } from '../../../test/pdf-text';
import { loadTinySanctionsList } from '../../../test/screening';
import { produceDueReport } from './due-diligence.pipeline';
import { bidiPieces } from './due-diligence.pdf';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

/** Names in the scripts a counterparty form carries: Latin with accents, curly quotes and dashes, Cyrillic, Arabic. */
const LEGAL_NAME = 'Café “Ñandú” – Combustibles S.A.';
const CYRILLIC = 'Иван Петров';
const ARABIC = 'محمد الحسن';
const NOTE = 'Different company — registered in Texas since 1998, see “Annex A”.';

/** Whitespace as an extractor may break it (line ends, double spaces) does not matter; words and their order do. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/**
 * The extracted line that holds a label. PDF.js reads a line whose share of right-to-left letters
 * is large from right to left (its own heuristic), so only the label and the name's own order are checked.
 */
const lineOf = (pages: string[], label: string) => pages.join('\n').split('\n').find((line) => line.includes(label)) ?? '';

describe('the due diligence PDF', () => {
  const t = useTestContext();
  let owner: Signed;
  let admin: Signed;
  let approver: Signed;

  beforeAll(async () => {
    await loadTinySanctionsList(t.ctx);
    owner = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise', firstName: 'Lucía', lastName: 'Ortega', email: 'lucia.ortega@example.com' });
    admin = await createSignedInUser(t.ctx, { role: 'admin' });
    approver = await createSignedInUser(t.ctx, { role: 'admin', email: 'approver@example.com' });
  });

  const inject = (method: 'GET' | 'POST', url: string, who: Signed, payload?: object, lang = 'en') =>
    t.app.inject({ method, url, headers: { ...who.headers, 'accept-language': lang }, payload });

  /** A ready report in `lang` whose business name matches the tiny list, with a decision on that match approved by a second admin. */
  async function decidedReport(lang: 'en' | 'es'): Promise<DueReport> {
    const form = validDueForm({ business_name: 'Karvelis Fuel Trading LLC', legal_business_name: LEGAL_NAME, contact_name: CYRILLIC, owner_name: ARABIC });
    const created = await inject('POST', '/api/due/create', owner, createDueBody(form), lang);
    expect(created.statusCode).toBe(201);
    await produceDueReport(t.ctx, created.json<DueReport>().id, { writer: null });
    const decided = await inject('POST', '/api/screening/decisions', owner, {
      subject_name: 'Karvelis Fuel Trading LLC',
      entity_id: 'ofac_sdn:90002',
      decision: 'false_positive',
      note: NOTE,
      report_id: created.json<DueReport>().id,
    });
    expect(decided.statusCode).toBe(201);
    expect(decided.json().status).toBe('pending_approval');
    expect((await inject('POST', `/api/screening/decisions/${decided.json().id}/approve`, approver)).statusCode).toBe(200);
    return (await inject('GET', `/api/due/report/${created.json<DueReport>().id}`, owner)).json<DueReport>();
  }

  async function pdfText(report: DueReport, who: Signed = owner, lang = 'en') {
    const response = await inject('GET', `/api/due/report/${report.id}/pdf`, who, undefined, lang);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return { response, pages: await pdfPageTexts(response.rawPayload) };
  }

  it('is a document a compliance file can hold, in English: title, id, requester, date in words, lists, names, matches, decisions, checks, page numbers', async () => {
    const report = await decidedReport('en');
    const { response, pages } = await pdfText(report);
    expect(response.headers['content-disposition']).toContain('due-diligence-karvelis-fuel-trading-llc.pdf');
    const text = flat(pages.join('\n'));
    // Titled with the business name, then the report's identity.
    expect(flat(pages[0]!).indexOf('Karvelis Fuel Trading LLC')).toBeLessThan(flat(pages[0]!).indexOf('Report ID'));
    expect(text).toContain('Due diligence report');
    expect(text).toContain(`Report ID: ${report.id}`);
    expect(text).toContain('Requested by: Lucía Ortega <lucia.ortega@example.com>');
    const created = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(report.created_at));
    expect(created).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(text).toContain(`Created: ${created}`);
    expect(text).toContain('Language: English');
    // The lists by their human names, with version and publication date.
    expect(text).toContain('Sanctions lists used');
    expect(text).toContain('OFAC SDN');
    expect(text).toContain(`published ${created}`);
    expect(text).toMatch(/version ofac_sdn@\w+/);
    // Every screened name, in its own script, with the matches and their explanations.
    expect(text).toContain(`Legal business name: ${LEGAL_NAME}`);
    expect(text).toContain(`Contact: ${CYRILLIC}`);
    expect(lineOf(pages, 'Owner')).toContain(ARABIC);
    expect(text).toContain('KARVELIS FUEL TRADING LLC — score 100%');
    expect(text).toContain('list entry ofac_sdn:90002');
    expect(text).toContain(report.findings!.screening.find((entry) => entry.field === 'business_name')!.matches[0]!.explanation);
    // The decision: what, who, when, why, approval.
    expect(text).toContain('Decisions on matches');
    expect(text).toContain('Karvelis Fuel Trading LLC ↔ KARVELIS FUEL TRADING LLC (ofac_sdn:90002): False positive');
    expect(text).toContain(`Decided by: lucia.ortega@example.com, ${created}`);
    expect(text).toContain(`Why: ${NOTE}`);
    expect(text).toContain('Approval: final, approved by approver@example.com');
    // The checks.
    expect(text).toContain('Bank routing number');
    expect(text).toContain('Checksum and Federal Reserve routing symbol are valid');
    expect(text).toContain('Federal tax ID');
    expect(text).toContain('Underground storage tanks');
    // "Page n of m" on every page.
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(flat(page)).toContain(`Page ${index + 1} of ${pages.length}`));
  });

  it('is in the report’s language whatever the reader’s: a Spanish report is a Spanish PDF, for its owner and for an admin reading in English', async () => {
    const report = await decidedReport('es');
    expect(report.language).toBe('es');
    for (const who of [owner, admin]) {
      const { pages } = await pdfText(report, who, 'en');
      const text = flat(pages.join('\n'));
      expect(text).toContain('Informe de diligencia debida');
      expect(text).toContain(`ID del informe: ${report.id}`);
      expect(text).toContain('Solicitado por: Lucía Ortega <lucia.ortega@example.com>');
      const created = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(report.created_at));
      expect(created).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
      expect(text).toContain(`Creado: ${created}`);
      expect(text).toContain('Idioma: español');
      expect(text).toContain('Listas de sanciones usadas');
      expect(text).toContain(`OFAC SDN publicada ${created} · versión ofac_sdn@`);
      expect(text).toContain(`Contacto: ${CYRILLIC}`);
      expect(lineOf(pages, 'Propietario')).toContain(ARABIC);
      expect(text).toContain(`Razón social: ${LEGAL_NAME}`);
      expect(text).toContain('Decisiones sobre coincidencias');
      expect(text).toContain(`Motivo: ${NOTE}`);
      expect(text).toContain('Aprobación: definitiva, aprobada por approver@example.com');
      expect(text).toContain('Número de ruta bancario');
      expect(text).not.toContain('Sanctions lists used');
      expect(text).not.toMatch(/Page \d+ of/);
      pages.forEach((page, index) => expect(flat(page)).toContain(`Página ${index + 1} de ${pages.length}`));
    }
  });

  it('embeds its own font, not the built-in Helvetica that cannot show Cyrillic or Arabic', async () => {
    const report = await decidedReport('en');
    const { response } = await pdfText(report);
    const raw = response.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
  });
});

describe('bidiPieces', () => {
  it('cuts a line into its left-to-right text and its right-to-left runs, each run one piece', () => {
    expect(bidiPieces('Owner: محمد الحسن — no match')).toEqual(['Owner: ', 'محمد\u00a0الحسن', ' — no match']);
    expect(bidiPieces('Contact: Иван Петров')).toEqual(['Contact: Иван Петров']);
    expect(bidiPieces('محمد')).toEqual(['محمد']);
    expect(bidiPieces('a «محمد»  علي b')).toEqual(['a ', '«محمد»\u00a0علي', ' b']);
  });
});
