import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/news/markdown.ts';

const LINK = (href: string, host: string, label: string) =>
  `<a href="${href}" rel="noopener noreferrer" target="_blank" data-external="${host}">${label}</a>`;

describe('news markdown', () => {
  it('renders the subset operators write', () => {
    const md = [
      '# Maintenance',
      'Trading pauses **Sunday** at *02:00* UTC; see `BTCUSDT`.',
      'Second line of the same paragraph.',
      '',
      '- spot',
      '- perpetuals',
      '',
      '1. log out',
      '2. come back',
      '',
      'Read [the notes](https://example.com/notes?a=1&b=2).',
    ].join('\n');
    expect(renderMarkdown(md)).toBe(
      [
        '<h2>Maintenance</h2>',
        '<p>Trading pauses <strong>Sunday</strong> at <em>02:00</em> UTC; see <code>BTCUSDT</code>. Second line of the same paragraph.</p>',
        '<ul><li>spot</li><li>perpetuals</li></ul>',
        '<ol><li>log out</li><li>come back</li></ol>',
        `<p>Read ${LINK('https://example.com/notes?a=1&amp;b=2', 'example.com', 'the notes')}.</p>`,
      ].join('\n'),
    );
  });

  it('shows HTML and script as text', () => {
    expect(renderMarkdown('<script>alert(1)</script> <img src=x onerror="alert(1)">')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>',
    );
  });

  it('keeps only http(s) and mailto links; the rest stay text', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(renderMarkdown('[x](JaVaScRiPt:alert%281%29)')).toBe('<p>[x](JaVaScRiPt:alert%281%29)</p>');
    expect(renderMarkdown('[x](data:text/html;base64,PHNjcmlwdD4=)')).toBe(
      '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>',
    );
    expect(renderMarkdown('[x](//evil.example)')).toBe('<p>[x](//evil.example)</p>');
    expect(renderMarkdown('[mail us](mailto:help@otc.example)')).toBe(
      `<p>${LINK('mailto:help@otc.example', 'otc.example', 'mail us')}</p>`,
    );
  });

  it('cannot break out of a link address', () => {
    const html = renderMarkdown('[a](https://x.example/"onmouseover="alert(1))');
    expect(html).not.toMatch(/"onmouseover/);
    expect(html).toContain('&quot;onmouseover=&quot;');
  });

  it('keeps code blocks and code spans literal', () => {
    expect(renderMarkdown('```\n<b>**not bold**</b>\n```')).toBe(
      '<pre><code>&lt;b&gt;**not bold**&lt;/b&gt;</code></pre>',
    );
    expect(renderMarkdown('`*x*` and [`y`](https://a.example)')).toBe(
      `<p><code>*x*</code> and ${LINK('https://a.example', 'a.example', '<code>y</code>')}</p>`,
    );
  });

  it('ignores forged placeholders and control characters', () => {
    expect(renderMarkdown('a\u00000\u0000b\u0007')).toBe('<p>a0b</p>');
  });

  const ALLOWED = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a']);
  const hostile = fc.oneof(
    fc.string(),
    fc
      .array(
        fc.constantFrom(
          '<',
          '>',
          '"',
          "'",
          '&',
          '*',
          '_',
          '`',
          '[',
          ']',
          '(',
          ')',
          '#',
          '-',
          '\n',
          ' ',
          'script',
          'javascript:',
          'https://',
          'on',
          'error=',
          'img',
          'a',
          '1.',
          '```',
          '\u0000',
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join('')),
  );

  it('writes no tag, attribute or address of its own making from any input (property)', () => {
    fc.assert(
      fc.property(hostile, (md) => {
        const html = renderMarkdown(md);
        for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
          expect(ALLOWED.has(name as string)).toBe(true);
          if (name !== 'a') expect(attrs).toBe('');
          else
            expect(attrs).toMatch(
              /^ href="(https?:\/\/|mailto:)[^"<>]*" rel="noopener noreferrer" target="_blank" data-external="[^"<>]*"$/i,
            );
        }
        // Every < and > left is one of ours: text carries them escaped.
        expect(html.replace(/<\/?[a-z0-9]+( [^<>]*)?>/g, '')).not.toMatch(/[<>]/);
      }),
      { numRuns: 2000 },
    );
  });
});
