import { linkHost } from '../link-host.ts';

/**
 * Operators' news markdown to HTML that is safe to put in a page as it is (decision 0128).
 *
 * A small subset on purpose: paragraphs, headings (#..###), **strong**, *emphasis*, `code`, fenced
 * code blocks, - and 1. lists, and [links](https://...). Safety comes from the order of work, not
 * from filtering tags out afterwards: every character of the input is HTML-escaped first, so any
 * `<`, `>`, `"` or `'` an operator typed (or pasted from an attacker) can only ever be text; the only
 * tags in the output are the ones this file writes. Links keep http(s) and mailto addresses only
 * (`javascript:`, `data:` and the rest are shown as plain text), open in a new tab without giving
 * the page a handle on this one, and carry `data-external` so the app can show they leave it.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** Placeholders for finished inline pieces: NUL never survives input cleaning, so it cannot be forged. */
const HOLE = '\u0000';

/** The addresses a link may have; anything else stays text. Checked on the raw (unescaped) address. */
export function safeLinkTarget(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return null;
  if (!/^(https?:\/\/[^/?#]+|mailto:[^@\s]+@)/i.test(url)) return null;
  return url;
}

function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1<em>$2</em>');
}

/** One line (or paragraph) of inline markdown, raw in, safe HTML out. */
export function renderInline(raw: string): string {
  const pieces: string[] = [];
  const hold = (html: string) => `${HOLE}${pieces.push(html) - 1}${HOLE}`;
  // Code spans first: nothing inside them is markdown.
  let text = raw
    .replaceAll(HOLE, '')
    .replace(/`([^`\n]+)`/g, (_, code: string) => hold(`<code>${escapeHtml(code)}</code>`));
  text = text.replace(/\[([^\]\n]+)\]\(([^()\s]+)\)/g, (whole: string, label: string, url: string) => {
    const target = safeLinkTarget(url);
    if (!target) return whole;
    const host = escapeHtml(linkHost(target) ?? '');
    return hold(
      `<a href="${escapeHtml(target)}" rel="noopener noreferrer" target="_blank" data-external="${host}">${emphasis(escapeHtml(label))}</a>`,
    );
  });
  // A link's label may hold a code span: holes are filled until none is left.
  const fill = (html: string): string =>
    html.replace(new RegExp(`${HOLE}(\\d+)${HOLE}`, 'g'), (_, i: string) => fill(pieces[Number(i)] ?? ''));
  return fill(emphasis(escapeHtml(text)));
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; lines: string[] };

function blocksOf(source: string): Block[] {
  const lines = source.split('\n');
  const blocks: Block[] = [];
  let open = null as Block | null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^\s*```/.test(line)) {
      close();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i] as string); i++) code.push(lines[i] as string);
      blocks.push({ kind: 'code', lines: code });
      continue;
    }
    const heading = line.match(/^(#{1,3})\s+(.*)$/);
    const bullet = line.match(/^\s*[-*+]\s+(.*)$/);
    const numbered = line.match(/^\s*\d{1,9}[.)]\s+(.*)$/);
    if (line.trim() === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'h', level: (heading[1] as string).length, text: heading[2] as string });
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const item = ((bullet ?? numbered) as RegExpMatchArray)[1] as string;
      if (open?.kind !== kind) {
        close();
        open = { kind, items: [] };
      }
      (open as { items: string[] }).items.push(item);
    } else if (open?.kind === 'p') open.lines.push(line.trim());
    else {
      close();
      open = { kind: 'p', lines: [line.trim()] };
    }
  }
  close();
  return blocks;
}

/** News markdown to safe HTML (see the top of this file for what is kept). */
export function renderMarkdown(source: string): string {
  // NUL is our placeholder mark and other control characters have no place in a page.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const clean = source.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return blocksOf(clean)
    .map((b) => {
      switch (b.kind) {
        case 'h':
          // An item's title is its h1: headings in the body start at h2.
          return `<h${b.level + 1}>${renderInline(b.text)}</h${b.level + 1}>`;
        case 'ul':
        case 'ol':
          return `<${b.kind}>${b.items.map((i) => `<li>${renderInline(i)}</li>`).join('')}</${b.kind}>`;
        case 'code':
          return `<pre><code>${escapeHtml(b.lines.join('\n'))}</code></pre>`;
        default:
          return `<p>${renderInline(b.lines.join(' '))}</p>`;
      }
    })
    .join('\n');
}
