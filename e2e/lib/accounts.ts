import { inject } from 'vitest';
import { codeSentBy } from './server-log.ts';

export const PASSWORD = 'Journey123';
let n = 0;
export const newEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${n++}@e2e.example`;

async function post(path: string, body: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  const res = await fetch(inject('baseUrl') + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

/** An existing account, made through the API as the app would, for journeys that start at login. */
export async function existingAccount(tag: string): Promise<{ email: string; password: string }> {
  const email = newEmail(tag);
  const code = await codeSentBy(email, async () => {
    const sent = await post('/api/auth/sendemail', { email, purpose: 'register' });
    if (sent.code !== 200) throw new Error(sent.msg);
  });
  const res = await post('/api/auth/register', {
    type: 'email',
    account: email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
  });
  if (res.code !== 200) throw new Error(res.msg);
  return { email, password: PASSWORD };
}
