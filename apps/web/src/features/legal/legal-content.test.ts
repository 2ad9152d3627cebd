// @vitest-environment node
// pdfkit (the legal PDFs' renderer) is a build-time, Node-only library.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { legalPdfFiles } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import en from './content/en.json';
import es from './content/es.json';
import { fillLegalText, legalValues, type LegalContent, type LegalDocumentKey } from './legal-values';
import { legalPdfSources, renderLegalPdf } from './pdf/render-legal-pdf';
import { policyDocuments } from '@/lib/policy-documents';

const contents = { en: en as LegalContent, es: es as LegalContent };

const committedPdf = (file: string) => readFileSync(fileURLToPath(new URL(`../../../public/legal/${file}`, import.meta.url)));

// pdfkit writes each line of text as one TJ array of hex strings (WinAnsi codes) and kerning
// numbers; the documents are not compressed. WinAnsi is Latin-1 apart from the 0x80–0x9F block.
const winAnsiExtras: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

function pdfTextLines(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map(([, array]) =>
    [...array!.matchAll(/<([0-9a-f]*)>/g)]
      .flatMap(([, hex]) => [...Buffer.from(hex!, 'hex')].map((code) => winAnsiExtras[code] ?? String.fromCharCode(code)))
      .join(''),
  );
}

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return typeof value;
}

function documentText(language: 'en' | 'es', key: LegalDocumentKey): string {
  const doc = contents[language].documents[key];
  return fillLegalText([doc.title, doc.summary, ...doc.sections.flatMap((section) => [section.heading, ...section.paragraphs])].join('\n'));
}

describe('legal texts', () => {
  it('have the same documents, sections and paragraphs in English and Spanish', () => {
    expect(shape(contents.es)).toEqual(shape(contents.en));
  });

  it('cover every /Policy child plus the confidentiality agreement', () => {
    const keys = Object.keys(contents.en.documents).sort();
    expect(keys).toEqual([...policyDocuments.map((doc) => doc.id), 'confidentialityAgreement'].sort());
  });

  it('use only placeholders that have a value', () => {
    for (const language of ['en', 'es'] as const) {
      for (const key of Object.keys(contents[language].documents) as LegalDocumentKey[]) {
        expect(documentText(language, key), `${language}/${key}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it("quote SPEC.md §9's figures from the contracts", () => {
    expect(legalValues).toMatchObject({ refundWindowDays: 30, refundBusinessDays: 10, outageHours: 48, betaLiabilityCap: 'US$0' });
    const refund = documentText('en', 'refundAndCancellation');
    expect(refund).toContain('within 30 days of the charge');
    expect(refund).toContain('within 10 business days');
    expect(refund).toContain('at least 48 consecutive hours');
    expect(refund).toContain('no paid billing during the beta');
    expect(documentText('en', 'marketDataMasking')).toContain('kept for 7 years');
    expect(documentText('en', 'privacy')).toContain('at least 30 days before a material change');
    expect(documentText('en', 'privacy')).toContain('every 24 months');
    const terms = documentText('en', 'terms');
    expect(terms).toContain('within 30 days of written notice');
    expect(terms).toContain('during the beta means US$0');
    expect(terms).toContain('at least 18 years old');
    expect(terms).toContain('no cancellation workflow during the beta');
    expect(terms).toContain('takes no payments, holds no escrow');
    expect(documentText('en', 'confidentialityAgreement')).toContain('last 3 years');
    expect(documentText('es', 'refundAndCancellation')).toContain('en un plazo de 10 días hábiles');
    expect(documentText('es', 'terms')).toContain('durante la beta equivale a US$0');
  });
});

describe('legal PDFs', () => {
  it('exist for every file the API serves', () => {
    expect(legalPdfSources.map((source) => source.file).sort()).toEqual([...legalPdfFiles].sort());
  });

  it.each(legalPdfSources)('$file matches a fresh rendering (run scripts/generate-legal-pdfs.ts)', async ({ file, key, language }) => {
    const fresh = await renderLegalPdf(key, language);
    expect(committedPdf(file).equals(fresh), `apps/web/public/legal/${file} differs from a fresh rendering`).toBe(true);
  });

  it.each(legalPdfSources)('$file holds the whole document text, the title and page numbers', async ({ key, language }) => {
    const pdf = await renderLegalPdf(key, language);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A wrapped line keeps its trailing space, so whitespace is compared collapsed.
    const text = pdfTextLines(pdf).join(' ').replace(/\s+/g, ' ');
    const doc = (language === 'en' ? en : es).documents[key];
    for (const piece of [doc.title, doc.summary, ...doc.sections.flatMap((section) => [section.heading, ...section.paragraphs])]) {
      expect(text).toContain(fillLegalText(piece).split(/\s+/).join(' '));
    }
    const pages = Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
    expect(pages).toBeGreaterThan(0);
    expect(text).toContain(language === 'en' ? `Page ${pages} of ${pages}` : `Página ${pages} de ${pages}`);
    expect(pdf.toString('latin1')).toContain(`/Lang (${language === 'es' ? 'es' : 'en-US'})`);
  });

  it('writes Spanish letters in the WinAnsi encoding', async () => {
    const lines = pdfTextLines(await renderLegalPdf('confidentialityAgreement', 'es'));
    expect(lines.join(' ')).toContain('duran 3 años desde cada comunicación');
  });
});
