import PDFDocument from 'pdfkit';
import en from '../content/en.json';
import es from '../content/es.json';
import { fillLegalText, type LegalContent, type LegalDocumentKey } from '../legal-values';

/**
 * The legal documents as PDF files, laid out by pdfkit (base-14 Helvetica, word wrapping, page
 * breaks, page numbers). Run at build time only (scripts/generate-legal-pdfs.ts). The creation date
 * is the documents' effective date (never "now"), so a fresh rendering is byte for byte the committed file.
 */

export type LegalPdfLanguage = 'en' | 'es';

const contents: Record<LegalPdfLanguage, LegalContent> = { en: en as LegalContent, es: es as LegalContent };

const MARGIN_X = 64;
const MARGIN_Y = 72;
const INK = '#0f1729';
const MUTED = '#64738c';

interface Block {
  text: string;
  size: number;
  bold: boolean;
  /** Extra space between the lines of the block, on top of the font's line height. */
  lineGap: number;
  spaceBefore: number;
  /** Keep at least this many following lines on the same page (headings stay with their text). */
  keepWithNext: number;
}

const labels: Record<LegalPdfLanguage, { effective: string; page: (page: number, total: number) => string; web: string }> = {
  en: {
    effective: 'Effective',
    page: (page, total) => `Page ${page} of ${total}`,
    web: 'The current version is always published on the FuelDesk website under Policy.',
  },
  es: {
    effective: 'Vigente desde el',
    page: (page, total) => `Página ${page} de ${total}`,
    web: 'La versión vigente se publica siempre en el sitio web de FuelDesk, en la sección Policy.',
  },
};

function buildBlocks(content: LegalContent, key: LegalDocumentKey, language: LegalPdfLanguage): Block[] {
  const doc = content.documents[key];
  const blocks: Block[] = [
    { text: 'FuelDesk', size: 10, bold: true, lineGap: 2, spaceBefore: 0, keepWithNext: 0 },
    { text: fillLegalText(doc.title), size: 18, bold: true, lineGap: 3, spaceBefore: 6, keepWithNext: 1 },
    { text: `${labels[language].effective} ${content.effectiveDate}`, size: 9.5, bold: false, lineGap: 3, spaceBefore: 2, keepWithNext: 0 },
    { text: fillLegalText(doc.summary), size: 11, bold: false, lineGap: 3, spaceBefore: 10, keepWithNext: 0 },
  ];
  for (const section of doc.sections) {
    blocks.push({ text: fillLegalText(section.heading), size: 12, bold: true, lineGap: 3, spaceBefore: 14, keepWithNext: 2 });
    section.paragraphs.forEach((paragraph, index) => {
      blocks.push({ text: fillLegalText(paragraph), size: 10.5, bold: false, lineGap: 3, spaceBefore: index === 0 ? 2 : 6, keepWithNext: 0 });
    });
  }
  blocks.push({ text: labels[language].web, size: 9, bold: false, lineGap: 3, spaceBefore: 18, keepWithNext: 0 });
  return blocks;
}

/** The document as the bytes of a PDF file. */
export function renderLegalPdf(key: LegalDocumentKey, language: LegalPdfLanguage): Promise<Buffer> {
  const content = contents[language];
  const title = fillLegalText(content.documents[key].title);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN_Y, bottom: MARGIN_Y, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    compress: false,
    lang: language === 'es' ? 'es' : 'en-US',
    displayTitle: true,
    info: {
      Title: `FuelDesk - ${title}`,
      Author: 'FuelDesk',
      Producer: 'FuelDesk legal PDF generator',
      Creator: 'FuelDesk',
      // Both languages carry the English date; V8 parses "21 November 2026 UTC".
      CreationDate: new Date(`${contents.en.effectiveDate} UTC`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * MARGIN_X;
  pdf.fillColor(INK);
  blocks: for (const [index, block] of buildBlocks(content, key, language).entries()) {
    pdf.font(block.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(block.size);
    const lineHeight = pdf.currentLineHeight(true) + block.lineGap;
    if (index > 0) {
      const needed = block.spaceBefore + lineHeight * (1 + block.keepWithNext);
      if (pdf.y + needed > pdf.page.height - MARGIN_Y) {
        pdf.addPage();
        pdf.text(block.text, MARGIN_X, pdf.y, { width, lineGap: block.lineGap });
        continue blocks;
      }
      pdf.y += block.spaceBefore;
    }
    pdf.text(block.text, MARGIN_X, pdf.y, { width, lineGap: block.lineGap });
  }

  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    pdf.switchToPage(page);
    const footer = `FuelDesk - ${title} - ${labels[language].page(page - start + 1, count)}`;
    // Below the bottom margin: lift the margin so the footer does not start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    pdf.text(footer, MARGIN_X, pdf.page.height - 48, { width, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}

/** Which document and language each public file holds (see legalPdfFiles in the contracts). */
export const legalPdfSources: readonly { file: string; key: LegalDocumentKey; language: LegalPdfLanguage }[] = [
  { file: 'terms-en.pdf', key: 'terms', language: 'en' },
  { file: 'terms-es.pdf', key: 'terms', language: 'es' },
  { file: 'confidentiality-agreement-en.pdf', key: 'confidentialityAgreement', language: 'en' },
  { file: 'confidentiality-agreement-es.pdf', key: 'confidentialityAgreement', language: 'es' },
];
