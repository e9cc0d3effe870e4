/** A small Markdown reader for what chat models write: the blocks and inline styles Notion and Docs share. */
export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

export type MdBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; spans: Span[] }
  | { kind: 'paragraph' | 'bullet' | 'number' | 'quote'; spans: Span[] }
  | { kind: 'code'; text: string; language: string }
  | { kind: 'divider' };

/**
 * A link's destination as CommonMark reads it: `<…>`, or text without spaces whose parentheses
 * are balanced (one level: `https://en.wikipedia.org/wiki/Mercury_(planet)`); then an optional
 * "title". INLINE splits on whole spans, so only LINK captures.
 */
const DESTINATION = String.raw`<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+`;
const TITLE = String.raw`(?:\s+"[^"]*")?`;
const LINK = new RegExp(String.raw`^\[([^\]]+)\]\(\s*(${DESTINATION})${TITLE}\s*\)$`);
const INLINE = new RegExp(String.raw`(\*\*[^*]+\*\*|__[^_]+__|\x60[^\x60]+\x60|\[[^\]]+\]\(\s*(?:${DESTINATION})${TITLE}\s*\)|\*[^*\s][^*]*\*|_[^_\s][^_]*_)`);

/**
 * Where a link may point, for Notion and Google Docs alike: an absolute http(s) URL with a host.
 * Anything else (mailto:, a relative path, a malformed address) is not a link: its text stays as
 * plain text. A URL with characters outside visible ASCII is sent as the URL standard writes it.
 */
export function linkTarget(destination: string): string | null {
  // The URL standard forgives `https:host` and `http:/host`; a link must spell out its authority.
  if (!/^https?:\/\/[^/]/i.test(destination)) return null;
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return null;
  }
  if (!url.hostname) return null;
  return /^[\x21-\x7e]+$/.test(destination) ? destination : url.href;
}

export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  for (const part of text.split(INLINE)) {
    if (!part) continue;
    if (/^(\*\*|__).+\1$/.test(part)) spans.push({ text: part.slice(2, -2), bold: true });
    else if (/^`.+`$/.test(part)) spans.push({ text: part.slice(1, -1), code: true });
    else if (LINK.test(part)) {
      const [, label, destination] = LINK.exec(part)!;
      const link = linkTarget(destination.replace(/^<(.*)>$/, '$1'));
      spans.push(link ? { text: label, link } : { text: label });
    } else if (/^([*_]).+\1$/.test(part)) spans.push({ text: part.slice(1, -1), italic: true });
    else spans.push({ text: part });
  }
  return spans;
}

export function parseMarkdown(markdown: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*```\s*([\w+-]*)\s*$/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (i + 1 < lines.length && !/^\s*```\s*$/.test(lines[i + 1])) code.push(lines[++i]);
      i++;
      blocks.push({ kind: 'code', text: code.join('\n'), language: fence[1] || 'plain text' });
      continue;
    }
    const trimmed = line.trim();
    let match: RegExpExecArray | null;
    if (!trimmed) flush();
    else if ((match = /^(#{1,6})\s+(.*)$/.exec(trimmed))) {
      flush();
      blocks.push({ kind: 'heading', level: Math.min(match[1].length, 3) as 1 | 2 | 3, spans: parseInline(match[2]) });
    } else if (/^([-*_])(\s*\1){2,}$/.test(trimmed)) {
      flush();
      blocks.push({ kind: 'divider' });
    } else if ((match = /^>\s?(.*)$/.exec(trimmed))) {
      flush();
      blocks.push({ kind: 'quote', spans: parseInline(match[1]) });
    } else if ((match = /^[-*+]\s+(.*)$/.exec(trimmed))) {
      flush();
      blocks.push({ kind: 'bullet', spans: parseInline(match[1]) });
    } else if ((match = /^\d+[.)]\s+(.*)$/.exec(trimmed))) {
      flush();
      blocks.push({ kind: 'number', spans: parseInline(match[1]) });
    } else paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function spansToHtml(spans: Span[]): string {
  return spans
    .map((span) => {
      let html = escape(span.text);
      if (span.code) html = `<code>${html}</code>`;
      if (span.bold) html = `<strong>${html}</strong>`;
      if (span.italic) html = `<em>${html}</em>`;
      if (span.link) html = `<a href="${escape(span.link)}">${html}</a>`;
      return html;
    })
    .join('');
}

/** HTML that Google Drive converts into a Doc with the same structure. */
export function toHtml(sections: { heading: string; markdown: string }[], title: string): string {
  const body = sections.map(({ heading, markdown }) => {
    const parts = [`<h2>${escape(heading)}</h2>`];
    let list: 'ul' | 'ol' | null = null;
    for (const block of parseMarkdown(markdown)) {
      const wanted = block.kind === 'bullet' ? 'ul' : block.kind === 'number' ? 'ol' : null;
      if (list && list !== wanted) parts.push(`</${list}>`);
      if (wanted && list !== wanted) parts.push(`<${wanted}>`);
      list = wanted;
      if (block.kind === 'heading') parts.push(`<h${block.level + 2}>${spansToHtml(block.spans)}</h${block.level + 2}>`);
      else if (block.kind === 'paragraph') parts.push(`<p>${spansToHtml(block.spans)}</p>`);
      else if (block.kind === 'bullet' || block.kind === 'number') parts.push(`<li>${spansToHtml(block.spans)}</li>`);
      else if (block.kind === 'quote') parts.push(`<blockquote>${spansToHtml(block.spans)}</blockquote>`);
      else if (block.kind === 'code') parts.push(`<pre><code>${escape(block.text)}</code></pre>`);
      else parts.push('<hr>');
    }
    if (list) parts.push(`</${list}>`);
    return parts.join('\n');
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>\n${body.join('\n')}\n</body></html>`;
}
