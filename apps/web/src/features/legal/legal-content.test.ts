import { legalPdfFiles } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import en from './content/en.json';
import es from './content/es.json';
import { fillLegalText, legalValues, type LegalContent, type LegalDocumentKey } from './legal-values';
import { legalPdfSources, renderLegalPdfText } from './pdf/render-legal-pdf';
import { policyDocuments } from '@/lib/policy-documents';

const contents = { en: en as LegalContent, es: es as LegalContent };

// The committed PDFs are plain ASCII, so a raw import gives their exact bytes.
const committedPdfs = import.meta.glob<string>('../../../public/legal/*.pdf', { query: '?raw', import: 'default', eager: true });

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

  it.each(legalPdfSources)('$file matches a fresh rendering (run scripts/generate-legal-pdfs.ts)', ({ file, key, language }) => {
    const committed = committedPdfs[`../../../public/legal/${file}`];
    expect(committed, `apps/web/public/legal/${file} is missing`).toBeDefined();
    expect(committed).toBe(renderLegalPdfText(key, language));
  });

  it('writes a well-formed cross-reference table and the document text', () => {
    const pdf = renderLegalPdfText('confidentialityAgreement', 'es');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    // "años" in WinAnsi: ñ is octal 361.
    expect(pdf).toContain('duran 3 a\\361os desde cada comunicaci\\363n');
    expect(/[^\x20-\x7e\n]/.test(pdf)).toBe(false);
  });
});
