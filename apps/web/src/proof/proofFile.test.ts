import type { InclusionProof } from '@otc/protocol/proof/schemas';
import { describe, expect, it } from 'vitest';
import { sampleProof } from '../../../../packages/core/test/proof/sample.ts';
import { proofFile } from './proofFile.ts';

describe('proofFile', () => {
  it('saves the proof as readable JSON named after the snapshot', () => {
    const proof: InclusionProof = sampleProof();
    const file = proofFile(proof);
    expect(file.name).toBe('proof-of-liabilities-7.json');
    expect(JSON.parse(file.text)).toEqual(proof);
  });
});
