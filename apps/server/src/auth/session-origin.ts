import { DEVICE_HEADER, DEVICE_MAX } from '@otc/protocol/users/rules';
import type { FastifyRequest } from 'fastify';

/** Where a session was opened from, as the active-sessions list shows it. */
export interface SessionOrigin {
  device: string | null;
  ip: string | null;
}

/**
 * The device the client reports (the web sends its `phoneInfo`, URI-encoded, in `X-Device`): plain
 * text only, control characters dropped, spaces collapsed, at most DEVICE_MAX characters. Whatever
 * a client sends, it is only ever shown back as text.
 */
export function cleanDevice(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  let text = value.slice(0, DEVICE_MAX * 12);
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not URI-encoded: taken as it came.
  }
  const clean = Array.from(
    text
      .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, DEVICE_MAX)
    .join('')
    .trim();
  return clean || null;
}

export function sessionOrigin(req: FastifyRequest): SessionOrigin {
  return { device: cleanDevice(req.headers[DEVICE_HEADER]), ip: req.ip ? req.ip.slice(0, 64) : null };
}

/** A session opened with no request behind it (none today; tests and scripts). */
export const NO_ORIGIN: SessionOrigin = { device: null, ip: null };
