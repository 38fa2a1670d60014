import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_LOGO_STYLE_HASH, inlineHashes } from '../../src/http/security-headers.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('the security policy', () => {
  it("names the hash of the installed chart library's logo style (an upgrade that changes it fails here)", () => {
    const lib = readFileSync(
      path.join(root, 'node_modules/lightweight-charts/dist/lightweight-charts.production.mjs'),
      'utf8',
    );
    const css = lib.match(/["`](a#tv-attr-logo\{[^"`]*)["`]/)?.[1];
    expect(css).toBeDefined();
    expect(CHART_LOGO_STYLE_HASH).toBe(
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
    );
  });

  it("allows a built page's inline scripts and styles by their hashes, never a script from elsewhere", () => {
    const page = path.join(mkdtempSync(path.join(tmpdir(), 'csp-')), 'verify-proof.html');
    writeFileSync(
      page,
      '<style>b{color:red}</style><script>run()</script><script src="https://evil.example/x.js"></script>',
    );
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineHashes([page, path.join(tmpdir(), 'no-such-page.html')], 'script')).toEqual([hash('run()')]);
    expect(inlineHashes([page], 'style')).toEqual([hash('b{color:red}')]);
  });
});
