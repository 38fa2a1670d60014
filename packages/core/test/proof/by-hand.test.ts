import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  checkInclusion,
  leafNode,
  proofFor,
  rootOf,
  sumsToText,
  userHash,
} from '../../src/proof/merkle.ts';
import { sampleProof } from './sample.ts';

const docs = path.resolve(import.meta.dirname, '../../../../docs');
const script = path.join(docs, 'proof/check-proof.py');

/** docs/proof/check-proof.py, a second implementation in Python: its verdict and message. */
function byHand(proof: unknown, userId?: string): { ok: boolean; said: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'proof-')), 'proof.json');
  writeFileSync(file, JSON.stringify(proof));
  try {
    const said = execFileSync('python3', [script, file, ...(userId ? [userId] : [])], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { ok: true, said };
  } catch (e) {
    return { ok: false, said: String((e as { stderr?: string }).stderr) };
  }
}

/** Each case starts Python: seconds apiece on a loaded machine (the full suite's lanes run at once). */
const PYTHON_TIMEOUT_MS = 60_000;

describe('the proof checked by hand (docs/PROOF.md)', () => {
  it(
    'the worked example is what the code computes, and both checkers accept it',
    () => {
      const assets = ['BTC', 'USDT'];
      const leaves = [
        leafNode(assets, userHash('10000001', 'n1'), 'n1', [{ asset: 'USDT', amount: '120' }]),
        leafNode(assets, userHash('10000002', 'n2'), 'n2', [{ asset: 'BTC', amount: '0.5' }]),
        leafNode(assets, userHash('10000003', 'n3'), 'n3', [{ asset: 'USDT', amount: '7.25' }]),
      ];
      const levels = buildLevels(assets, leaves);
      const example = JSON.parse(readFileSync(path.join(docs, 'proof/example-proof.json'), 'utf8'));
      expect(example.snapshot.root).toBe(rootOf(levels).hash);
      expect(sumsToText(rootOf(levels).sums)).toEqual(['0.5', '127.25']);
      expect(example.path).toEqual(proofFor(assets, levels, 0));
      expect(example.leaf).toBe(leaves[0]?.hash);
      const page = readFileSync(path.join(docs, 'PROOF.md'), 'utf8');
      for (const hash of [example.userHash, example.leaf, example.snapshot.root])
        expect(page).toContain(hash);
      expect(checkInclusion(example)).toEqual({ ok: true });
      expect(byHand(example, '10000001')).toMatchObject({ ok: true });
      expect(byHand(example, '10000002')).toMatchObject({
        ok: false,
        said: expect.stringContaining('not for that user id'),
      });
    },
    PYTHON_TIMEOUT_MS,
  );

  it(
    'the Python checker agrees with the code on genuine and altered proofs',
    () => {
      const proof = sampleProof();
      expect(byHand(proof).ok).toBe(true);
      const cases = [
        { ...proof, balances: [{ asset: 'USDT', amount: '301' }, ...proof.balances.slice(1)] },
        {
          ...proof,
          snapshot: {
            ...proof.snapshot,
            totals: [
              { asset: 'BTC', total: '1.5' },
              { asset: 'USDT', total: '1499' },
            ],
          },
        },
        {
          ...proof,
          path: proof.path.map((s, i) => (i === 1 ? { ...s, sums: [s.sums[0] as string, '-1'] } : s)),
        },
        { ...proof, path: proof.path.map((s, i) => (i === 0 ? { ...s, hash: 'ab'.repeat(32) } : s)) },
      ];
      for (const altered of cases) {
        expect(checkInclusion(altered).ok).toBe(false);
        expect(byHand(altered).ok).toBe(false);
      }
    },
    PYTHON_TIMEOUT_MS,
  );
});
