import { startDevNode } from '../../../src/platform/chain/index.ts';

// Run by dev-node.test.ts: starts a dev node, prints its RPC URL, then dies as the test says
// ('exit': a normal exit; 'kill': waits to be SIGKILLed, running no handler at all).
const node = await startDevNode();
process.stdout.write(`${node.rpcUrl}\n`);
if (process.argv[2] === 'exit') process.exit(0);
setInterval(() => undefined, 1000);
