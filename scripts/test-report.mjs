import path from 'node:path';

/**
 * The `n` slowest test files of a Vitest JSON report (`--reporter=json`): each file's wall time from
 * its start to its end, relative to the working directory, slowest first.
 */
export function slowestFiles(report, n) {
  return (report.testResults ?? [])
    .filter((r) => Number.isFinite(r.startTime) && Number.isFinite(r.endTime))
    .map((r) => ({ file: path.relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n);
}
