import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/*
 * Drawing helpers of the overprint PDFs (A4, Noto Sans TC): pages, titles, bordered field grids, tables
 * that repeat their header and never cut a row, signature boxes, and the running header and footer.
 */

export type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

const FONT = { regular: 'NotoSansTC', bold: 'NotoSansTC-Bold' } as const;
/** The one type scale of every document, in pt. */
const SIZE = { title: 18, heading: 12, body: 10, table: 9, small: 8 } as const;
const MARGINS = { top: 64, bottom: 56, left: 50, right: 50 };
const PAD = 4;
const LABEL_WIDTH = 84;
const INK = '#000000';
const GRID = '#555555';
const SHADE = '#eeeeee';

interface FontBytes {
  regular: Buffer;
  bold: Buffer;
}

let fontBytes: Promise<FontBytes> | undefined;

// The package stays in node_modules when the server is bundled, so it is found from this module's URL
// in src/ and in dist/server/main.js alike. 7 MB a weight: read once per process.
async function readFonts(): Promise<FontBytes> {
  const dir = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-tc/package.json'));
  const [regular, bold] = await Promise.all([
    readFile(join(dir, '400Regular/NotoSansTC_400Regular.ttf')),
    readFile(join(dir, '700Bold/NotoSansTC_700Bold.ttf')),
  ]);
  return { regular, bold };
}

function loadFonts(): Promise<FontBytes> {
  fontBytes ??= readFonts().catch((error: unknown) => {
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

/** An empty A4 document whose pages stay buffered until {@link stampPages} has numbered them. */
export async function createDocument(info: { title: string; author: string; createdAt: Date }): Promise<Doc> {
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    autoFirstPage: false,
    bufferPages: true,
    lang: 'zh-Hant-TW',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  // Registered from bytes, the TrueType font is subset: only the glyphs used are embedded.
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  return doc;
}

/** Ends the document and collects its bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function setFont(doc: Doc, size: number, bold = false): Doc {
  return doc
    .font(bold ? FONT.bold : FONT.regular)
    .fontSize(size)
    .fillColor(INK);
}

const left = (doc: Doc) => doc.page.margins.left;
const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a page with the cursor at the top margin. */
export function newPage(doc: Doc): void {
  doc.addPage();
  doc.x = left(doc);
  doc.y = doc.page.margins.top;
}

/** Moves to a new page unless `height` more points fit above the bottom margin. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.maxY()) newPage(doc);
}

/** Opens a document on a new page: the insurer's name over the document's title. */
export function documentTitle(doc: Doc, insurer: string, title: string): void {
  newPage(doc);
  const width = contentWidth(doc);
  setFont(doc, SIZE.heading, true).text(insurer, left(doc), doc.y, { width, align: 'center' });
  setFont(doc, SIZE.title, true).text(title, { width, align: 'center' });
  doc.moveDown(0.6);
}

/** A bold section heading, kept on the page with at least `keep` points of what follows it. */
export function heading(doc: Doc, text: string, keep = 60): void {
  setFont(doc, SIZE.heading, true);
  ensureSpace(doc, doc.currentLineHeight(true) + keep);
  doc.text(text, left(doc), doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.25);
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { indent?: number; gap?: number; y?: number } = {},
): void {
  const { indent = 0, gap = 0.3, y = doc.y } = options;
  setFont(doc, SIZE.body);
  doc.text(text, left(doc) + indent, y, { width: contentWidth(doc) - indent, lineGap: 2 });
  doc.moveDown(gap);
}

/** Numbered paragraphs whose lines after the first align with the first's text. */
export function numberedList(doc: Doc, items: readonly string[]): void {
  const indent = 16;
  setFont(doc, SIZE.body);
  for (const [i, item] of items.entries()) {
    const y = doc.y;
    doc.text(`${i + 1}.`, left(doc), y, { width: indent, lineBreak: false });
    paragraph(doc, item, { indent, y });
  }
}

/** The height {@link paragraph} takes. */
export function paragraphHeight(doc: Doc, text: string): number {
  setFont(doc, SIZE.body);
  return (
    doc.heightOfString(text, { width: contentWidth(doc), lineGap: 2 }) + doc.currentLineHeight(true) * 0.3
  );
}

interface Cell {
  x: number;
  width: number;
  text: string;
  bold?: boolean;
  shaded?: boolean;
  align?: Align;
}

function cellHeight(doc: Doc, cell: Cell): number {
  setFont(doc, SIZE.table, cell.bold);
  return doc.heightOfString(cell.text || ' ', { width: cell.width - 2 * PAD }) + 2 * PAD;
}

function drawCell(doc: Doc, cell: Cell, y: number, height: number): void {
  doc.lineWidth(0.5);
  if (cell.shaded) doc.rect(cell.x, y, cell.width, height).fillAndStroke(SHADE, GRID);
  else doc.rect(cell.x, y, cell.width, height).stroke(GRID);
  setFont(doc, SIZE.table, cell.bold).text(cell.text, cell.x + PAD, y + PAD, {
    width: cell.width - 2 * PAD,
    align: cell.align ?? 'left',
  });
}

/** Draws one row of cells at the cursor and moves the cursor below it. */
function drawRow(doc: Doc, cells: readonly Cell[]): void {
  const height = Math.max(...cells.map((cell) => cellHeight(doc, cell)));
  const y = doc.y;
  for (const cell of cells) drawCell(doc, cell, y, height);
  doc.x = left(doc);
  doc.y = y + height;
}

type Field = readonly [label: string, value: string];

/** Labelled values in a bordered grid, one or two fields a row; a lone field takes the whole row. */
export function fieldGrid(doc: Doc, rows: ReadonlyArray<readonly Field[]>): void {
  for (const fields of rows) {
    const width = contentWidth(doc) / fields.length;
    const cells = fields.flatMap(([label, value], i): Cell[] => {
      const x = left(doc) + i * width;
      return [
        { x, width: LABEL_WIDTH, text: label, shaded: true },
        { x: x + LABEL_WIDTH, width: width - LABEL_WIDTH, text: value },
      ];
    });
    ensureSpace(doc, Math.max(...cells.map((cell) => cellHeight(doc, cell))));
    drawRow(doc, cells);
  }
  doc.moveDown(0.6);
}

export interface Column {
  header: string;
  /** share of the content width, relative to the other columns */
  weight: number;
  align?: Align;
  /** one cell down a whole group, its text from the group's first row */
  merged?: boolean;
}

function columnCells(doc: Doc, columns: readonly Column[]): Array<Omit<Cell, 'text'> & Column> {
  const total = columns.reduce((sum, column) => sum + column.weight, 0);
  let x = left(doc);
  return columns.map((column) => {
    const width = (contentWidth(doc) * column.weight) / total;
    const cell = { ...column, x, width };
    x += width;
    return cell;
  });
}

/**
 * A table of row groups: a group (one row, or an item and its lines) is never cut across pages, and a
 * table that continues on a new page repeats its header row there. `keepWithLast` points of what
 * follows the table stay on the page of its last group.
 */
export function table(
  doc: Doc,
  columns: readonly Column[],
  groups: ReadonlyArray<ReadonlyArray<readonly string[]>>,
  keepWithLast = 0,
): void {
  const layout = columnCells(doc, columns);
  const header = layout.map(
    (col): Cell => ({ ...col, text: col.header, bold: true, shaded: true, align: 'center' }),
  );
  const headerHeight = Math.max(...header.map((cell) => cellHeight(doc, cell)));
  ensureSpace(doc, headerHeight);
  drawRow(doc, header);
  for (const group of groups) {
    const rows = group.map((row) => layout.map((col, i): Cell => ({ ...col, text: row[i] ?? '' })));
    const heights = rows.map((cells) =>
      Math.max(...cells.filter((_, i) => !layout[i]!.merged).map((cell) => cellHeight(doc, cell))),
    );
    const mergedHeight = Math.max(
      0,
      ...rows[0]!.filter((_, i) => layout[i]!.merged).map((c) => cellHeight(doc, c)),
    );
    const shortfall = mergedHeight - heights.reduce((sum, h) => sum + h, 0);
    if (shortfall > 0) heights[heights.length - 1]! += shortfall;
    const groupHeight = heights.reduce((sum, h) => sum + h, 0);
    const keep = group === groups.at(-1) ? keepWithLast : 0;
    if (doc.y + groupHeight + keep > doc.page.maxY()) {
      newPage(doc);
      drawRow(doc, header);
    }
    const top = doc.y;
    let y = top;
    // Cell by cell in reading order, so the text extracts row by row.
    for (const [r, cells] of rows.entries()) {
      for (const [i, cell] of cells.entries()) {
        if (!layout[i]!.merged) drawCell(doc, cell, y, heights[r]!);
        else if (r === 0) drawCell(doc, cell, top, groupHeight);
      }
      y += heights[r]!;
    }
    doc.x = left(doc);
    doc.y = top + groupHeight;
  }
  doc.moveDown(0.6);
}

export const SIGNATURE_HEIGHT = 130;

/** Boxes side by side, each captioned, where the company's seals go. */
export function signatureBoxes(doc: Doc, captions: readonly string[], boxWidth?: number): void {
  const gap = 16;
  const width = boxWidth ?? (contentWidth(doc) - gap * (captions.length - 1)) / captions.length;
  ensureSpace(doc, SIGNATURE_HEIGHT);
  const top = doc.y;
  const start = left(doc) + contentWidth(doc) - captions.length * width - (captions.length - 1) * gap;
  for (const [i, caption] of captions.entries()) {
    const x = start + i * (width + gap);
    const cell: Cell = { x, width, text: caption, bold: true, shaded: true, align: 'center' };
    const captionHeight = cellHeight(doc, cell);
    drawCell(doc, cell, top, captionHeight);
    doc.rect(x, top + captionHeight, width, SIGNATURE_HEIGHT - captionHeight).stroke(GRID);
  }
  doc.x = left(doc);
  doc.y = top + SIGNATURE_HEIGHT;
  doc.moveDown(0.6);
}

/** A line of body text aligned to the right margin. */
export function rightLine(doc: Doc, text: string): void {
  setFont(doc, SIZE.body).text(text, left(doc), doc.y, { width: contentWidth(doc), align: 'right' });
}

/**
 * Writes every buffered page's running header (left and right texts over a rule) and its footer
 * 「第 n 頁／共 N 頁」, once the page count is known.
 */
export function stampPages(doc: Doc, header: { left: string; right: string }): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const { margins, height } = doc.page;
    const width = contentWidth(doc);
    // Text written below the bottom margin would otherwise open a new page.
    const bottom = margins.bottom;
    margins.bottom = 0;
    setFont(doc, SIZE.small);
    doc.text(header.left, margins.left, 30, { width, align: 'left', lineBreak: false });
    doc.text(header.right, margins.left, 30, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(margins.left, 44)
      .lineTo(margins.left + width, 44)
      .lineWidth(0.5)
      .stroke(GRID);
    doc.text(`第 ${i + 1} 頁／共 ${count} 頁`, margins.left, height - 36, {
      width,
      align: 'center',
      lineBreak: false,
    });
    margins.bottom = bottom;
  }
}
