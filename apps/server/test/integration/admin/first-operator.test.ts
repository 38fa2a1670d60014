import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import { describe, expect, it } from 'vitest';
import { DATABASES, startServer } from '../support/harness.ts';

/** "Nothing secret in logs": a generated first-operator password is written to a file, never logged. */
describe.each(DATABASES)('the first operator on %s', (kind) => {
  it.each(['json', 'pretty'] as const)(
    'writes a generated password to DATA_DIR with mode 0600 and logs only its path (LOG_FORMAT=%s)',
    async (logFormat) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-first-op-'));
      const s = await startServer(kind, { adminPassword: undefined, dataDir, logFormat });
      try {
        const file = path.join(dataDir, 'first-operator-password.txt');
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const password = readFileSync(file, 'utf8').trim();
        expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

        const created = s.logs.find((l) => l.includes('first operator created'));
        expect(created).toContain(file);
        expect(s.logs.some((l) => l.includes(password))).toBe(false);

        const login = await s.api<AdminSession>('/api/admin/login', {
          email: s.config.adminEmail,
          password,
        });
        expect(login.body.code).toBe(200);
      } finally {
        await s.close();
      }
    },
  );

  it('never writes nor repeats a password set in ADMIN_PASSWORD', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-first-op-'));
    const s = await startServer(kind, { dataDir, logFormat: 'json' });
    try {
      expect(() => statSync(path.join(dataDir, 'first-operator-password.txt'))).toThrow();
      expect(s.logs.some((l) => l.includes(s.config.adminPassword as string))).toBe(false);
    } finally {
      await s.close();
    }
  });
});
