import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** The server's log, which holds the dev outbox and (in e2e only) the captcha echo. */
function lines(): Record<string, unknown>[] {
  return readFileSync(inject('logFile'), 'utf8')
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

/** The newest code the dev outbox sent to `target`. */
export function outboxCode(target: string): Promise<string> {
  return waitFor(() => {
    const sent = lines()
      .map((l) => l.outbox as { target: string; body: string } | undefined)
      .filter((o) => o?.target === target);
    return sent.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
  }, `a code for ${target}`);
}

/** The answer of the captcha with this id, as echoed by CAPTCHA_ECHO. */
export function captchaAnswer(id: string): Promise<string> {
  return waitFor(
    () => lines().map((l) => l.captchaEcho as { id: string; answer: string } | undefined).find((c) => c?.id === id)?.answer,
    `the captcha ${id}`,
  );
}
