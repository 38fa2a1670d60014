import { randomInt, randomUUID } from 'node:crypto';
import type { Captcha } from '@otc/protocol/auth/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { hashToken, randomString } from '../security/tokens.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from './captcha-font.ts';

export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_SECONDS = 120;

const answerHash = (id: string, answer: string) => hashToken(`${id}\n${answer.trim().toUpperCase()}`);

/** `ctx`: the database, and the clock its expiry follows. */
type On = Pick<AppContext, 'db' | 'clock'>;

export async function createCaptcha({ db, clock }: On, echo: false | FastifyBaseLogger): Promise<Captcha> {
  const id = randomUUID();
  const answer = randomString(CAPTCHA_ALPHABET, CAPTCHA_LENGTH);
  await db.query(
    `INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $4::timestamptz + make_interval(secs => $3))`,
    [id, answerHash(id, answer), CAPTCHA_TTL_SECONDS, clock.date().toISOString()],
  );
  // CAPTCHA_ECHO (dev and e2e only) prints the answer so a test can read what a person would.
  if (echo) echo.warn({ captchaEcho: { id, answer } }, 'captcha echo is on: never enable it in production');
  const svg = renderCaptcha(answer);
  return {
    id,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresInSeconds: CAPTCHA_TTL_SECONDS,
  };
}

/** Spends the captcha whatever the answer: one try per image. */
export async function verifyCaptcha(
  { db, clock }: On,
  id: string | undefined,
  answer: string | undefined,
): Promise<void> {
  if (!id || !answer) fail('captcha_required', {}, 'captcha');
  const rows = await db.query<{ answer_hash: string }>(
    `UPDATE captchas SET used_at = $2::timestamptz WHERE id = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING answer_hash`,
    [id, clock.date().toISOString()],
  );
  if (rows[0]?.answer_hash !== answerHash(id, answer)) fail('captcha_invalid', {}, 'captcha');
}

const jitter = (spread: number) => (randomInt(-1000, 1001) / 1000) * spread;

export function renderCaptcha(answer: string): string {
  const width = 150;
  const height = 44;
  const scale = 4;
  const glyphs = Array.from(answer).map((ch, i) => {
    const x = 14 + i * 26 + jitter(2);
    const y = 8 + jitter(3);
    const angle = jitter(14).toFixed(1);
    const strokes = (CAPTCHA_GLYPHS[ch] ?? '')
      .split('|')
      .map((line) => {
        const points = line.split(' ').map((p) => {
          const [px = 0, py = 0] = p.split(',').map(Number);
          return `${(px * scale + jitter(1.2)).toFixed(1)},${(py * scale + jitter(1.2)).toFixed(1)}`;
        });
        return `M${points.join(' L')}`;
      })
      .join(' ');
    const hue = randomInt(190, 260);
    return `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle} 8 12)" d="${strokes}" stroke="hsl(${hue},55%,30%)" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  const noise = Array.from({ length: 5 }, () => {
    const y1 = randomInt(4, height - 4);
    const y2 = randomInt(4, height - 4);
    return `<path d="M0,${y1} Q${randomInt(30, 120)},${randomInt(0, height)} ${width},${y2}" stroke="hsl(${randomInt(0, 360)},40%,60%)" stroke-width="1.2" fill="none"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f2f5fa"/>${noise.join('')}${glyphs.join('')}</svg>`;
}
