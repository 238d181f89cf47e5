import { createHash } from 'node:crypto';
import { LIBRARY_DOCUMENTS, PRODUCT, type LibraryDocument } from '@hpbc/shared';
import type { Database, Db } from '../client';
import { dataDirStore } from '../../lib/file-store/file-store';
import { pdfkitBytes } from '../../lib/pdf-text';
import { libraryDocuments } from '../schema/index';
import { BURMESE_SAMPLE_NOTICE, LIBRARY_CONTENT, type LibraryPage } from './library-content';
import { burmeseParagraph, latinFont, myanmarFont } from './pdf-myanmar';
import type { drawWatermark } from './pdf-watermark';

export const LIBRARY_SERIES = 'Myanmar National Building Code — Digital Library 2025';
export const SAMPLE_MARK = 'SAMPLE CONTENT — not the official text';

/** Fixed dates inside the PDFs, so the same volume gives the same bytes every time. */
const PDF_DATE = new Date('2025-01-01T00:00:00Z');

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 60;
const WIDTH = A4.width - 2 * LEFT;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RED = '#b91c1c';

export interface LibraryFile {
  document: LibraryDocument;
  pageCount: number;
  sha256: string;
  /** Its key in the documents store (library/part-N.pdf). */
  file: string;
}

/** Section numbers run on through a volume; the cover lists them with their pages. */
function numberedSections(pages: readonly LibraryPage[]) {
  let n = 0;
  return pages.map((page, i) => ({
    pageNumber: i + 2,
    burmese: page.burmese,
    sections: page.sections.map((section) => ({ ...section, number: ++n })),
  }));
}

/** The plain text each page carries (without running headers), for tests of the search markers. */
export function plannedPageTexts(documentId: number): string[] {
  const document = LIBRARY_DOCUMENTS.find((d) => d.id === documentId);
  const pages = LIBRARY_CONTENT[documentId];
  if (!document || !pages) throw new Error(`No library volume ${documentId}`);
  const numbered = numberedSections(pages);
  const cover = [
    document.title,
    document.description,
    ...numbered.flatMap((p) => p.sections.map((s) => `${s.number}. ${s.heading}`)),
    BURMESE_SAMPLE_NOTICE,
  ].join('\n');
  return [
    cover,
    ...numbered.map((p) =>
      [...p.sections.flatMap((s) => [s.heading, ...s.clauses]), ...(p.burmese ? [p.burmese] : [])].join('\n'),
    ),
  ];
}

/** Running header and footer, the SAMPLE watermark and mark: on every page. */
function drawPageFrame(
  doc: PDFKit.PDFDocument,
  watermark: typeof drawWatermark,
  document: LibraryDocument,
  page: number,
  pageCount: number,
) {
  const bottom = doc.page.margins.bottom;
  // Writing below the bottom margin would make pdfkit start a new page.
  doc.page.margins.bottom = 0;

  watermark(doc, {
    text: 'SAMPLE CONTENT',
    centerX: A4.width / 2,
    centerY: A4.height / 2,
    width: A4.width * 0.85,
    angle: -38,
    color: RED,
    opacity: 0.07,
  });

  doc.fillOpacity(1).font('Latin').fontSize(8.5).fillColor(MUTED);
  doc.text(LIBRARY_SERIES, LEFT, 32, { width: WIDTH, lineBreak: false });
  doc.font('Latin-Bold').fillColor(RED).text(SAMPLE_MARK, LEFT, 44, { width: WIDTH, lineBreak: false });
  doc
    .moveTo(LEFT, 58)
    .lineTo(LEFT + WIDTH, 58)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();

  doc
    .moveTo(LEFT, A4.height - 50)
    .lineTo(LEFT + WIDTH, A4.height - 50)
    .stroke();
  doc.font('Latin').fontSize(8).fillColor(MUTED);
  doc.text(document.title, LEFT, A4.height - 42, { width: WIDTH - 80, lineBreak: false, ellipsis: true });
  doc.text(`Page ${page} of ${pageCount}`, LEFT + WIDTH - 80, A4.height - 42, {
    width: 80,
    align: 'right',
    lineBreak: false,
  });

  doc.page.margins.bottom = bottom;
  doc.fillColor(INK);
}

function drawCover(doc: PDFKit.PDFDocument, document: LibraryDocument, numbered: ReturnType<typeof numberedSections>) {
  doc.font('Latin').fontSize(12).fillColor(MUTED).text('Myanmar National Building Code', LEFT, 100, { width: WIDTH });
  doc.moveDown(0.4).font('Latin-Bold').fontSize(22).fillColor(INK).text(document.title, { width: WIDTH });
  doc.moveDown(0.5).font('Latin').fontSize(12).text(document.description, { width: WIDTH });

  const boxY = doc.y + 20;
  doc.rect(LEFT, boxY, WIDTH, 62).lineWidth(1.5).strokeColor(RED).stroke();
  doc
    .font('Latin-Bold')
    .fontSize(15)
    .fillColor(RED)
    .text(SAMPLE_MARK, LEFT + 14, boxY + 12, { width: WIDTH - 28 });
  doc
    .font('Latin')
    .fontSize(9.5)
    .text(
      `A generated demonstration file for the ${PRODUCT.short} portal. The official volume replaces it.`,
      LEFT + 14,
      boxY + 36,
      { width: WIDTH - 28 },
    );

  doc
    .fillColor(INK)
    .font('Latin-Bold')
    .fontSize(13)
    .text('Contents', LEFT, boxY + 90);
  doc.moveDown(0.4);
  for (const page of numbered) {
    for (const section of page.sections) {
      const y = doc.y;
      doc
        .font('Latin')
        .fontSize(10.5)
        .text(`${section.number}. ${section.heading}`, LEFT + 10, y, {
          width: WIDTH - 60,
        });
      doc.text(String(page.pageNumber), LEFT + WIDTH - 40, y, { width: 40, align: 'right' });
      doc.moveDown(0.25);
    }
  }
  burmeseParagraph(doc, BURMESE_SAMPLE_NOTICE, {
    x: LEFT,
    y: doc.y + 24,
    width: WIDTH,
    fontName: 'Burmese',
    size: 12,
    lineHeight: 24,
  });
}

function drawContentPage(doc: PDFKit.PDFDocument, page: ReturnType<typeof numberedSections>[number]) {
  let y = 84;
  for (const section of page.sections) {
    doc
      .font('Latin-Bold')
      .fontSize(13)
      .fillColor(INK)
      .text(`${section.number}  ${section.heading}`, LEFT, y, { width: WIDTH });
    y = doc.y + 8;
    section.clauses.forEach((clause, i) => {
      doc
        .font('Latin-Bold')
        .fontSize(10.5)
        .text(`${section.number}.${i + 1}`, LEFT, y, { lineBreak: false });
      doc.font('Latin').text(clause, LEFT + 36, y, { width: WIDTH - 36, align: 'justify', lineGap: 2 });
      y = doc.y + 7;
    });
    y += 14;
  }
  if (page.burmese) {
    burmeseParagraph(doc, page.burmese, {
      x: LEFT,
      y: y + 6,
      width: WIDTH,
      fontName: 'Burmese',
      size: 12,
      lineHeight: 24,
    });
  }
}

/** One volume as a PDF: a cover, then the content pages. Deterministic bytes. */
export async function generateLibraryPdf(documentId: number): Promise<{ pdf: Buffer; pageCount: number }> {
  const document = LIBRARY_DOCUMENTS.find((d) => d.id === documentId);
  const pages = LIBRARY_CONTENT[documentId];
  if (!document || !pages) throw new Error(`No library volume ${documentId}`);
  const numbered = numberedSections(pages);
  const pageCount = numbered.length + 1;
  // Loaded when a volume is drawn (first start, or a sample file gone), not at every start.
  const [{ default: PDFDocument }, { drawWatermark }] = await Promise.all([
    import('pdfkit'),
    import('./pdf-watermark'),
  ]);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 72, bottom: 64, left: LEFT, right: LEFT },
    // The volumes are English with Burmese passages: those are spans marked `my` (pdf-myanmar.ts).
    lang: 'en',
    displayTitle: true,
    // PDF 1.7 for the XMP metadata stream pdfkit writes from `info`.
    pdfVersion: '1.7',
    info: {
      Title: `${document.title} (sample)`,
      Author: `${PRODUCT.short} portal demo data`,
      Subject: document.description,
      Keywords: 'Myanmar National Building Code, sample',
      CreationDate: PDF_DATE,
      ModDate: PDF_DATE,
    },
  });
  doc.registerFont('Burmese', myanmarFont());
  doc.registerFont('Latin', latinFont('regular'));
  doc.registerFont('Latin-Bold', latinFont('bold'));

  const bytes = pdfkitBytes(doc);

  let pagesMade = 1;
  doc.on('pageAdded', () => pagesMade++);
  drawPageFrame(doc, drawWatermark, document, 1, pageCount);
  drawCover(doc, document, numbered);
  for (const page of numbered) {
    doc.addPage();
    drawPageFrame(doc, drawWatermark, document, page.pageNumber, pageCount);
    drawContentPage(doc, page);
  }
  doc.end();
  const pdf = await bytes;
  // Text that overflows makes pdfkit add pages, which would shift the search markers.
  if (pagesMade !== pageCount) throw new Error(`Library volume ${documentId} overflowed: ${pagesMade} pages`);
  return { pdf, pageCount };
}

/** The key of a volume in the documents store: its public path without `/documents/`. */
const storeKey = (document: LibraryDocument) => document.filePath.replace(/^\/documents\//, '');

/**
 * Writes the eight volumes to the documents store: DATA_DIR/documents/library/part-<id>.pdf,
 * or the shared store with DATABASE_URL.
 */
export async function writeLibraryFiles(dataDir: string): Promise<LibraryFile[]> {
  const store = dataDirStore(dataDir, 'documents');
  const files: LibraryFile[] = [];
  for (const document of LIBRARY_DOCUMENTS) {
    const { pdf, pageCount } = await generateLibraryPdf(document.id);
    const file = storeKey(document);
    await store.write(file, pdf);
    files.push({ document, pageCount, sha256: createHash('sha256').update(pdf).digest('hex'), file });
  }
  return files;
}

/**
 * Writes back sample volumes whose file is gone while the database still lists them, e.g. a
 * new DATA_DIR next to an existing PostgreSQL database. Only files whose recorded SHA-256
 * is that of the sample are written, so a real volume is never replaced by a sample.
 */
export async function restoreLibraryFiles(database: Database, dataDir: string): Promise<number[]> {
  const rows = await database.query<{ id: number; sha256: string | null }>('SELECT id, sha256 FROM library_documents');
  const restored: number[] = [];
  const store = dataDirStore(dataDir, 'documents');
  for (const document of LIBRARY_DOCUMENTS) {
    const file = storeKey(document);
    const exists = (await store.readIfPresent(file)) !== undefined;
    const recorded = rows.find((r) => Number(r.id) === document.id)?.sha256;
    if (exists || !recorded) continue;
    const { pdf } = await generateLibraryPdf(document.id);
    if (createHash('sha256').update(pdf).digest('hex') !== recorded) continue;
    await store.write(file, pdf);
    restored.push(document.id);
  }
  return restored;
}

/** Upserts, since the search indexer may have created the rows; a changed file must be re-indexed. */
export async function insertLibraryDocuments(db: Db, files: readonly LibraryFile[]): Promise<void> {
  for (const f of files) {
    const values = {
      title: f.document.title,
      description: f.document.description,
      filePath: f.document.filePath,
      pageCount: f.pageCount,
      sha256: f.sha256,
      indexedAt: null,
    };
    await db
      .insert(libraryDocuments)
      .values({ id: f.document.id, ...values })
      .onConflictDoUpdate({ target: libraryDocuments.id, set: values });
  }
}
