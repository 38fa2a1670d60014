import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import { vipScheduleProblem } from '@otc/core/vip/levels';
import type { AdminVipLevel, UpdateVipScheduleBody } from '@otc/protocol/vip/schemas';
import { vipTexts } from './texts.ts';

const t = vipTexts.vip;
const ONE = 10n ** 18n;
/** Same shape as the server's check: unsigned, up to 20 integer and 18 fraction digits. */
const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

export interface LevelValues {
  level: number;
  minVolume: string;
  feeMultiplier: string;
}
export type LevelErrors = Record<number, { minVolume?: string; feeMultiplier?: string }>;

/** The discount a multiplier gives, as percent text: 0.9 -> '10', 0.85 -> '15'. Exact. */
export function discountPercent(multiplier: string): string {
  return formatUnits((ONE - parseUnits(multiplier)) * 100n);
}

/**
 * Checks the schedule the way the server does (the same core check), naming the input at fault,
 * and builds the body. Decimals stay the text the operator typed, never JS numbers.
 */
export function checkSchedule(
  rows: readonly LevelValues[],
  original: readonly AdminVipLevel[],
): { errors: LevelErrors; body: UpdateVipScheduleBody | null; changed: boolean } {
  const errors: LevelErrors = {};
  const mark = (level: number, field: 'minVolume' | 'feeMultiplier', message: string) => {
    errors[level] = { ...errors[level], [field]: message };
  };
  const levels = rows.map((r) => ({
    ...r,
    minVolume: r.minVolume.trim(),
    feeMultiplier: r.feeMultiplier.trim(),
  }));
  for (const r of levels) {
    if (!DECIMAL_PATTERN.test(r.minVolume)) mark(r.level, 'minVolume', t.errors.decimal);
    if (!DECIMAL_PATTERN.test(r.feeMultiplier)) mark(r.level, 'feeMultiplier', t.errors.decimal);
  }
  if (Object.keys(errors).length > 0) return { errors, body: null, changed: false };
  // Report every problem the operator can fix at once: each bad multiplier, each minimum out of order.
  const parsed = levels.map((r) => ({
    level: r.level,
    minVolume: parseUnits(r.minVolume),
    feeMultiplier: parseUnits(r.feeMultiplier),
  }));
  for (const p of parsed)
    if (p.feeMultiplier <= 0n || p.feeMultiplier > ONE) mark(p.level, 'feeMultiplier', t.errors.multiplier);
  for (let i = 1; i < parsed.length; i++) {
    const below = parsed[i - 1];
    const p = parsed[i];
    if (below && p && p.minVolume <= below.minVolume) mark(p.level, 'minVolume', t.errors.order(below.level));
  }
  if (Object.keys(errors).length > 0 || vipScheduleProblem(parsed))
    return { errors, body: null, changed: false };
  const before = new Map(original.map((l) => [l.level, l]));
  const changed = parsed.some((p) => {
    const o = before.get(p.level);
    return !o || parseUnits(o.minVolume) !== p.minVolume || parseUnits(o.feeMultiplier) !== p.feeMultiplier;
  });
  return { errors, body: { levels }, changed };
}
