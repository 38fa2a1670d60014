import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { compileToken } from '../../../../../contracts/compile.mjs';
import { tokenAbi, tokenBytecode } from '../../../src/platform/chain/token-artifact.ts';

describe('the committed token artifact', () => {
  it('is what contracts/Token.sol compiles to with the pinned solc (run `npm run contracts` after editing it)', () => {
    const { abi, bytecode } = compileToken() as { abi: unknown; bytecode: string };
    expect(bytecode).toBe(tokenBytecode);
    expect(abi).toEqual(tokenAbi);
  }, 60_000);
});
