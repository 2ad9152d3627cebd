// Writes the legal PDFs (Terms, non-circumvention and confidentiality agreement; English and
// Spanish) into apps/web/public/legal/ from the same texts the /Policy pages show.
// Run after editing apps/web/src/features/legal/content/*.json:
//   node --import tsx scripts/generate-legal-pdfs.ts
// A web test fails while the committed files differ from a fresh rendering.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalPdfSources, renderLegalPdf } from '../apps/web/src/features/legal/pdf/render-legal-pdf';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/legal');
mkdirSync(outDir, { recursive: true });
for (const source of legalPdfSources) {
  const bytes = await renderLegalPdf(source.key, source.language);
  writeFileSync(path.join(outDir, source.file), bytes);
  console.log(`${path.relative(root, path.join(outDir, source.file))}  ${bytes.length} bytes`);
}
