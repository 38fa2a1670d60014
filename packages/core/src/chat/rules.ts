import { linkHost } from '../link-host.ts';

/**
 * The support chat's pure rules (issue 27, docs/decisions/0129-chat.md): what a message may hold,
 * the warning before a user sends what looks like a one-time code, how a link in a staff message is
 * shown (by its real host, so `https://binance.com.evil.io/...` cannot pass as binance.com), and the
 * flood limit per conversation.
 */

/** Longest text a message may hold, in characters (code points). */
export const CHAT_TEXT_MAX = 2000;
/** At most this many messages per conversation within CHAT_FLOOD_WINDOW_MS. */
export const CHAT_FLOOD_MAX = 5;
/** The flood window: 10 seconds. */
export const CHAT_FLOOD_WINDOW_MS = 10_000;

export type ChatTextProblem = 'empty' | 'tooLong';

/** Why a message's text is refused, or null: blank text is empty; the limit counts code points. */
export function chatTextProblem(text: string): ChatTextProblem | null {
  if (text.trim() === '') return 'empty';
  if ([...text].length > CHAT_TEXT_MAX) return 'tooLong';
  return null;
}

/**
 * Whether text holds a six-digit code standing on its own (`123456`, `123 456`, `123-456`): the
 * composer warns before sending it, since support never asks for one. Digits inside a longer number
 * (an order id, an amount such as 1234567 or 123456.78) are not a code.
 */
export function looksLikeCode(text: string): boolean {
  return /(?<![\d.,])\d{3}[ -]?\d{3}(?![\d]|[.,]\d)/u.test(text);
}

/** A part of a staff message: plain text, or a link shown with the host it really leads to. */
export type ChatPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; host: string };

const URL_RE = /https?:\/\/[^\s<>"']+/giu;

/** Splits a staff message into text and links; a link whose host cannot be read stays text. */
export function chatParts(text: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_RE)) {
    // A sentence's closing punctuation is not part of the link.
    const href = match[0].replace(/[.,;:!?)]+$/u, '');
    const host = linkHost(href);
    if (host === null) continue;
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', href, host });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * Whether one more message is allowed, given the times (ms) of the conversation's earlier messages
 * from the same side: at most CHAT_FLOOD_MAX within the last CHAT_FLOOD_WINDOW_MS.
 */
export function floodAllows(sentMs: readonly number[], nowMs: number): boolean {
  const recent = sentMs.filter((t) => t > nowMs - CHAT_FLOOD_WINDOW_MS && t <= nowMs).length;
  return recent < CHAT_FLOOD_MAX;
}
