import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Compiles contracts/Token.sol with solc-js (the `solc` package, pinned in package.json) and returns its
 * ABI and creation bytecode. Settings are fixed here so a recompile gives the same bytes as the
 * committed artifact (a test checks it); the EVM version is Paris so the bytecode runs on every chain
 * we name, none of them needing newer opcodes.
 */
const require = createRequire(import.meta.url);

export const TOKEN_SOURCE = new URL('./Token.sol', import.meta.url);

export function compileToken() {
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { 'Token.sol': { content: readFileSync(TOKEN_SOURCE, 'utf8') } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      // No metadata hash: the bytecode then depends on the source's code, not its comments or path.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { Token: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const token = output.contracts['Token.sol'].Token;
  return { compiler: solc.version(), abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
}
