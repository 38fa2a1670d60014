import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** The server's log, which holds the dev outbox (the journeys' platform's, or `file`: another's). */
function lines(file = inject('logFile')): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not found in the server log: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sentTo = (target: string, file?: string) =>
  lines(file)
    .map((l) => l.outbox as { target: string; body: string } | undefined)
    .filter((o) => o?.target === target);

/**
 * The code the dev outbox sends to `target` because of `trigger` (a tap on "Send code"): waits
 * for a message newer than any before it, so an older code is never mistaken for it.
 */
export async function codeSentBy(
  target: string,
  trigger: () => Promise<unknown>,
  logFile?: string,
): Promise<string> {
  const before = sentTo(target, logFile).length;
  await trigger();
  return waitFor(() => {
    const sent = sentTo(target, logFile);
    return sent.length > before ? sent.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] : undefined;
  }, `a new code for ${target}`);
}
