import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripSummaries } from '../strip-summaries.ts';

const withdrawals = readFileSync(
  path.resolve(import.meta.dirname, '../../../packages/protocol/src/cashier/withdrawal/endpoints.ts'),
  'utf8',
);

describe("the web build's endpoint modules", () => {
  it('lose every summary, on one line or two, and keep everything else', () => {
    const stripped = stripSummaries(withdrawals);
    expect(withdrawals).toMatch(/summary:/);
    expect(stripped).not.toMatch(/summary/);
    expect(stripped).not.toMatch(/Withdraw USDT to an address/);
    for (const kept of ["'/api/funding/withdraw'", "body: 'withdrawBody'", "auth: 'user'", "roles: ['admin'"])
      expect(stripped).toContain(kept);
  });

  it('leave a quote inside a summary no way to end it early', () => {
    const source =
      "  a: post('/x', {\n    auth: 'user',\n    summary: 'The user\\'s own, \"quoted\"',\n    body: 'b',\n  }),";
    expect(stripSummaries(source)).toBe("  a: post('/x', {\n    auth: 'user',\n    body: 'b',\n  }),");
  });
});
