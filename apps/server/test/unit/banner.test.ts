import { describe, expect, it } from 'vitest';
import { startBanner } from '../../src/banner.ts';

const facts = { origin: 'http://localhost:8080', data: 'PGlite in /tmp/data' };

describe('start banner', () => {
  it('gives the app, back-office and API docs addresses, and no JSON line', () => {
    const banner = startBanner({ ...facts, firstOperator: undefined });
    expect(banner).toContain('http://localhost:8080/\n');
    expect(banner).toContain('http://localhost:8080/admin/');
    expect(banner).toContain('http://localhost:8080/api/docs');
    expect(banner).toContain('PGlite in /tmp/data');
    expect(banner).not.toContain('Password');
    expect(banner.split('\n').some((l) => l.startsWith('{'))).toBe(false);
  });

  it('says where the generated operator password was written on the first start, never the password', () => {
    const banner = startBanner({
      ...facts,
      firstOperator: { email: 'admin@otc.local', passwordFile: '/tmp/data/first-operator-password.txt' },
    });
    expect(banner).toContain('First start');
    expect(banner).toMatch(/Email +admin@otc\.local/);
    expect(banner).toMatch(/Password +in \/tmp\/data\/first-operator-password\.txt/);
    expect(banner).toContain('Readable by you only');
  });

  it('never repeats a password the operator set in ADMIN_PASSWORD', () => {
    const banner = startBanner({
      ...facts,
      firstOperator: { email: 'ops@x.local', passwordFile: undefined },
    });
    expect(banner).toMatch(/Email +ops@x\.local/);
    expect(banner).toContain('the one in ADMIN_PASSWORD');
    expect(banner).not.toContain('Readable by you only');
  });
});
