import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_LOGO_STYLE_HASH } from '../../src/http/security-headers.ts';

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
});
