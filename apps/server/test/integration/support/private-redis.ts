import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './ports.ts';

/**
 * A `redis-server` of the test's own, on its own port, holding nothing on disk: a fault test stops
 * and starts it, never the machine's shared one. `stop` kills it at once (as a crash or a cut
 * network looks to a client); `start` brings it back on the same port, empty.
 */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = c;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      c.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
      c.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
    });
    c.stdout?.resume();
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGKILL');
    await once(c, 'exit');
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
