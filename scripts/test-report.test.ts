import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { slowestFiles } from './test-report.mjs';

describe('the slowest files of a test run', () => {
  it('ranks files by wall time, relative to the checkout, and keeps the n slowest', () => {
    const file = (name: string, startTime: number, endTime: number) => ({
      name: path.join(process.cwd(), name),
      startTime,
      endTime,
    });
    const report = {
      testResults: [
        file('a.test.ts', 1_000, 3_500),
        file('b.test.ts', 2_000, 2_300),
        file('c.test.ts', 0, 12_000),
        { name: path.join(process.cwd(), 'not-run.test.ts') },
      ],
    };
    expect(slowestFiles(report, 2)).toEqual([
      { file: 'c.test.ts', seconds: 12 },
      { file: 'a.test.ts', seconds: 2.5 },
    ]);
    expect(slowestFiles({}, 10)).toEqual([]);
  });
});
