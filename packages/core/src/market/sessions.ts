/**
 * Trading sessions by time (pure: every function takes the instant in epoch milliseconds).
 *
 * - 'always': crypto, open 24/7.
 * - 'forex': Sunday 22:00 UTC to Friday 22:00 UTC.
 * - 'us-stock': Monday-Friday 09:30-16:00 America/New_York wall time, DST handled through
 *   Intl.DateTimeFormat. There is no holiday or early-close calendar: exchange holidays count as
 *   ordinary trading days.
 * - 'metal', 'commodity': Sunday 23:00 UTC to Friday 22:00 UTC with a daily break 22:00-23:00 UTC
 *   Monday-Thursday.
 *
 * Windows are half-open: a session is open at its opening instant and closed at its closing instant.
 */
export type SessionId = 'always' | 'forex' | 'us-stock' | 'metal' | 'commodity';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday, so the Sunday that starts its week is 4 days earlier. */
const EPOCH_TO_SUNDAY = 4 * DAY;

/** [open, close) in ms from Sunday 00:00 of the same week; windows neither wrap nor touch. */
type Window = readonly [number, number];
const SUN = 0;
const MON = 1;
const THU = 4;
const FRI = 5;
const at = (day: number, hour: number, minute = 0) => day * DAY + hour * HOUR + minute * MINUTE;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const BREAK_DAILY: readonly Window[] = range(SUN, THU).map((d) => [at(d, 23), at(d + 1, 22)] as const);

const SCHEDULES: Record<Exclude<SessionId, 'always'>, readonly Window[]> = {
  forex: [[at(SUN, 22), at(FRI, 22)]],
  metal: BREAK_DAILY,
  commodity: BREAK_DAILY,
  // New York wall time, not UTC.
  'us-stock': range(MON, FRI).map((d) => [at(d, 9, 30), at(d, 16)] as const),
};

function weekStart(t: number): number {
  return Math.floor((t + EPOCH_TO_SUNDAY) / WEEK) * WEEK - EPOCH_TO_SUNDAY;
}

function openIn(windows: readonly Window[], t: number): boolean {
  const offset = t - weekStart(t);
  return windows.some(([open, close]) => open <= offset && offset < close);
}

/** The first window boundary strictly after t. */
function nextBoundary(windows: readonly Window[], t: number): number {
  const boundaries = windows.flat().sort((a, b) => a - b);
  const start = weekStart(t);
  for (const week of [start, start + WEEK]) {
    for (const b of boundaries) if (week + b > t) return week + b;
  }
  throw new Error('unreachable: every schedule has a boundary each week');
}

let newYork: Intl.DateTimeFormat | undefined;

/** New York's UTC offset at utcMs, in ms (e.g. -5 h in winter, -4 h in summer). */
function newYorkOffset(utcMs: number): number {
  newYork ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of newYork.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallAsUtc = Date.UTC(
    fields.year ?? 0,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  const wholeSecond = utcMs - (((utcMs % 1000) + 1000) % 1000);
  return wallAsUtc - wholeSecond;
}

/** New York wall-clock time at utcMs, expressed as if it were a UTC timestamp. */
function newYorkWall(utcMs: number): number {
  return utcMs + newYorkOffset(utcMs);
}

/** The UTC instant of a New York wall time (unambiguous away from the 02:00 DST changes). */
function newYorkWallToUtc(wall: number): number {
  const guess = wall - newYorkOffset(wall);
  return wall - newYorkOffset(guess);
}

export function isSessionOpen(session: SessionId, atMs: number): boolean {
  if (session === 'always') return true;
  if (session === 'us-stock') return openIn(SCHEDULES[session], newYorkWall(atMs));
  return openIn(SCHEDULES[session], atMs);
}

/** The instant (ms) of the next open or close strictly after atMs; null for 'always'. */
export function nextSessionChange(session: SessionId, atMs: number): number | null {
  if (session === 'always') return null;
  if (session === 'us-stock') {
    return newYorkWallToUtc(nextBoundary(SCHEDULES[session], newYorkWall(atMs)));
  }
  return nextBoundary(SCHEDULES[session], atMs);
}
