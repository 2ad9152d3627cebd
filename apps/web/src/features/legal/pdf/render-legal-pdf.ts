import en from '../content/en.json';
import es from '../content/es.json';
import { fillLegalText, type LegalContent, type LegalDocumentKey } from '../legal-values';

/**
 * A deliberately small PDF writer for the legal documents: the base-14 Helvetica fonts, WinAnsi
 * text, word wrapping and page numbers. The output is plain ASCII and has no timestamps, so the
 * committed files in public/legal/ can be compared byte for byte with a fresh rendering.
 */

export type LegalPdfLanguage = 'en' | 'es';

const contents: Record<LegalPdfLanguage, LegalContent> = { en: en as LegalContent, es: es as LegalContent };

// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold by WinAnsi code, from Adobe's AFM files.
const glyphWidths: Record<number, readonly [number, number]> = {
  32: [278, 278], 33: [278, 333], 34: [355, 474], 35: [556, 556], 36: [556, 556], 37: [889, 889], 38: [667, 722],
  39: [191, 238], 40: [333, 333], 41: [333, 333], 42: [389, 389], 43: [584, 584], 44: [278, 278], 45: [333, 333],
  46: [278, 278], 47: [278, 278], 48: [556, 556], 49: [556, 556], 50: [556, 556], 51: [556, 556], 52: [556, 556],
  53: [556, 556], 54: [556, 556], 55: [556, 556], 56: [556, 556], 57: [556, 556], 58: [278, 333], 59: [278, 333],
  60: [584, 584], 61: [584, 584], 62: [584, 584], 63: [556, 611], 64: [1015, 975], 65: [667, 722], 66: [667, 722],
  67: [722, 722], 68: [722, 722], 69: [667, 667], 70: [611, 611], 71: [778, 778], 72: [722, 722], 73: [278, 278],
  74: [500, 556], 75: [667, 722], 76: [556, 611], 77: [833, 833], 78: [722, 722], 79: [778, 778], 80: [667, 667],
  81: [778, 778], 82: [722, 722], 83: [667, 667], 84: [611, 611], 85: [722, 722], 86: [667, 667], 87: [944, 944],
  88: [667, 667], 89: [667, 667], 90: [611, 611], 91: [278, 333], 92: [278, 278], 93: [278, 333], 94: [469, 584],
  95: [556, 556], 96: [333, 333], 97: [556, 556], 98: [556, 611], 99: [500, 556], 100: [556, 611], 101: [556, 556],
  102: [278, 333], 103: [556, 611], 104: [556, 611], 105: [222, 278], 106: [222, 278], 107: [500, 556], 108: [222, 278],
  109: [833, 889], 110: [556, 611], 111: [556, 611], 112: [556, 611], 113: [556, 611], 114: [333, 389], 115: [500, 556],
  116: [278, 333], 117: [556, 611], 118: [500, 556], 119: [722, 778], 120: [500, 556], 121: [500, 556], 122: [500, 500],
  123: [334, 389], 124: [260, 280], 125: [334, 389], 126: [584, 584], 128: [556, 556], 133: [1000, 1000],
  139: [333, 333], 145: [222, 278], 146: [222, 278], 147: [333, 500], 148: [333, 500], 149: [350, 350],
  150: [556, 556], 151: [1000, 1000], 155: [333, 333], 160: [278, 278], 161: [333, 333], 167: [556, 556],
  169: [737, 737], 170: [370, 370], 171: [556, 556], 176: [400, 400], 183: [278, 278], 186: [365, 365],
  187: [556, 556], 191: [611, 611], 193: [667, 722], 199: [722, 722], 201: [667, 667], 205: [278, 278],
  209: [722, 722], 211: [778, 778], 218: [722, 722], 220: [722, 722], 224: [556, 556], 225: [556, 556],
  231: [500, 556], 232: [556, 556], 233: [556, 556], 237: [278, 278], 241: [556, 611], 243: [556, 611],
  250: [556, 611], 252: [556, 611],
};

// Characters outside Latin-1 that WinAnsi places in 0x80–0x9F.
const winAnsiExtras: Record<string, number> = {
  '€': 0x80, '…': 0x85, '‹': 0x8b, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '›': 0x9b,
};

function toWinAnsi(char: string): number {
  const extra = winAnsiExtras[char];
  if (extra !== undefined) return extra;
  const code = char.codePointAt(0) ?? 63;
  return glyphWidths[code] ? code : 63;
}

type FontIndex = 0 | 1;

function measure(text: string, size: number, font: FontIndex): number {
  let total = 0;
  for (const char of text) total += glyphWidths[toWinAnsi(char)]![font];
  return (total * size) / 1000;
}

function escapePdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = toWinAnsi(char);
    if (code === 40 || code === 41 || code === 92) out += `\\${String.fromCharCode(code)}`;
    else if (code < 32 || code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return out;
}

function wrap(text: string, size: number, font: FontIndex, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && measure(candidate, size, font) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN_X = 64;
const MARGIN_TOP = 72;
const MARGIN_BOTTOM = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

interface Block {
  text: string;
  size: number;
  font: FontIndex;
  leading: number;
  spaceBefore: number;
  /** Keep at least this many following lines on the same page (headings stay with their text). */
  keepWithNext: number;
}

interface PlacedLine {
  text: string;
  size: number;
  font: FontIndex;
  y: number;
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
    { text: 'FuelDesk', size: 10, font: 1, leading: 14, spaceBefore: 0, keepWithNext: 0 },
    { text: fillLegalText(doc.title), size: 18, font: 1, leading: 24, spaceBefore: 6, keepWithNext: 1 },
    {
      text: `${labels[language].effective} ${content.effectiveDate}`,
      size: 9.5,
      font: 0,
      leading: 14,
      spaceBefore: 2,
      keepWithNext: 0,
    },
    { text: fillLegalText(doc.summary), size: 11, font: 0, leading: 16, spaceBefore: 10, keepWithNext: 0 },
  ];
  for (const section of doc.sections) {
    blocks.push({ text: fillLegalText(section.heading), size: 12, font: 1, leading: 17, spaceBefore: 14, keepWithNext: 2 });
    section.paragraphs.forEach((paragraph, index) => {
      blocks.push({ text: fillLegalText(paragraph), size: 10.5, font: 0, leading: 15, spaceBefore: index === 0 ? 2 : 6, keepWithNext: 0 });
    });
  }
  blocks.push({ text: labels[language].web, size: 9, font: 0, leading: 13, spaceBefore: 18, keepWithNext: 0 });
  return blocks;
}

function layout(blocks: Block[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN_TOP;
  const newPage = () => {
    pages.push([]);
    y = PAGE_HEIGHT - MARGIN_TOP;
  };
  for (const block of blocks) {
    const lines = wrap(block.text, block.size, block.font, TEXT_WIDTH);
    const firstPage = pages[pages.length - 1]!;
    const needed = block.spaceBefore + block.leading * (Math.min(lines.length, 1) + block.keepWithNext);
    if (firstPage.length > 0 && y - needed < MARGIN_BOTTOM) newPage();
    else if (pages[pages.length - 1]!.length > 0) y -= block.spaceBefore;
    for (const text of lines) {
      if (y - block.leading < MARGIN_BOTTOM) newPage();
      y -= block.leading;
      pages[pages.length - 1]!.push({ text, size: block.size, font: block.font, y });
    }
  }
  return pages;
}

function pageStream(lines: PlacedLine[], footer: string): string {
  const ops = ['0.06 0.09 0.16 rg'];
  for (const line of lines) {
    ops.push(`BT /F${line.font + 1} ${line.size} Tf ${MARGIN_X} ${line.y.toFixed(2)} Td (${escapePdfString(line.text)}) Tj ET`);
  }
  ops.push('0.39 0.45 0.55 rg');
  const footerWidth = measure(footer, 8, 0);
  ops.push(`BT /F1 8 Tf ${(PAGE_WIDTH - MARGIN_X - footerWidth).toFixed(2)} 40 Td (${escapePdfString(footer)}) Tj ET`);
  return ops.join('\n');
}

/** The document as the bytes of a PDF file (ASCII only). */
export function renderLegalPdf(key: LegalDocumentKey, language: LegalPdfLanguage): Uint8Array {
  return new TextEncoder().encode(renderLegalPdfText(key, language));
}

/** The same PDF as a string; every character is ASCII, so its length is its size in bytes. */
export function renderLegalPdfText(key: LegalDocumentKey, language: LegalPdfLanguage): string {
  const content = contents[language];
  const title = fillLegalText(content.documents[key].title);
  const pages = layout(buildBlocks(content, key, language));

  const objects: string[] = [];
  const pageCount = pages.length;
  // 1 catalog, 2 pages, 3 and 4 fonts, 5 info, then one page object and one content stream per page.
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /Lang (${language === 'es' ? 'es' : 'en-US'}) /ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${escapePdfString(`FuelDesk - ${title}`)}) /Author (FuelDesk) /Producer (FuelDesk legal PDF generator) >>`;
  pages.forEach((lines, index) => {
    const stream = pageStream(lines, `FuelDesk - ${title} - ${labels[language].page(index + 1, pageCount)}`);
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return body;
}

/** Which document and language each public file holds (see legalPdfFiles in the contracts). */
export const legalPdfSources: readonly { file: string; key: LegalDocumentKey; language: LegalPdfLanguage }[] = [
  { file: 'terms-en.pdf', key: 'terms', language: 'en' },
  { file: 'terms-es.pdf', key: 'terms', language: 'es' },
  { file: 'confidentiality-agreement-en.pdf', key: 'confidentialityAgreement', language: 'en' },
  { file: 'confidentiality-agreement-es.pdf', key: 'confidentialityAgreement', language: 'es' },
];
