/*
 * A message as a few blocks, rendered once as plain text and once as simple HTML: the two parts are built
 * from the same blocks, so they carry the same facts. Every text is escaped in the HTML part.
 */

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** label–value lines: 受理編號, 案件編號, the status … */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [string, string]> }
  /** a text of the sender's or of staff, kept as written (its line breaks) */
  | { kind: 'quote'; text: string }
  | { kind: 'link'; label: string; url: string };

export interface MailDocument {
  subject: string;
  greeting: string;
  blocks: readonly MailBlock[];
  signature: readonly string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(doc: MailDocument): RenderedMail {
  return { subject: oneLine(doc.subject), text: asText(doc), html: asHtml(doc) };
}

/** A header's text on one line: line breaks and other control characters become a space. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
}

function asText(doc: MailDocument): string {
  const parts = [doc.greeting, ...doc.blocks.map(blockText), doc.signature.join('\n')];
  return `${parts.join('\n\n')}\n`;
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}：${value}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'link':
      return `${block.label}：${block.url}`;
  }
}

function asHtml(doc: MailDocument): string {
  const body = [
    `<p>${escapeHtml(doc.greeting)}</p>`,
    ...doc.blocks.map(blockHtml),
    `<p>${doc.signature.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return `<!doctype html>\n<html lang="zh-Hant-TW">\n<head><meta charset="utf-8"><title>${escapeHtml(oneLine(doc.subject))}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'facts':
      return `<table>${block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<blockquote>${escapeHtml(block.text).replace(/\r?\n/g, '<br>')}</blockquote>`;
    case 'link':
      return `<p>${escapeHtml(block.label)}：<a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
