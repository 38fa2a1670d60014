import type { AdminPositionRules, UpdatePositionRulesBody } from '@otc/protocol/positions/admin';

/** Same shape as the server's check: unsigned, up to 15 integer and 18 fraction digits. */
const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/;

export type Bracket = AdminPositionRules['brackets'][number];

/** Brackets as the form shows them: one per line, "upTo, rate"; the last line the rate alone. */
export function bracketsText(brackets: readonly Bracket[]): string {
  return brackets.map((b) => (b.notionalUpTo === null ? b.rate : `${b.notionalUpTo}, ${b.rate}`)).join('\n');
}

/** Reads the form's brackets; null when a line is not "upTo, rate" (or the last not a rate alone). */
export function parseBracketsText(text: string): Bracket[] | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return null;
  const out: Bracket[] = [];
  for (const [i, line] of lines.entries()) {
    const parts = line.split(',').map((p) => p.trim());
    const last = i === lines.length - 1;
    if (last ? parts.length !== 1 : parts.length !== 2) return null;
    if (!parts.every((p) => DECIMAL.test(p))) return null;
    out.push(
      last
        ? { notionalUpTo: null, rate: parts[0] as string }
        : { notionalUpTo: parts[0] as string, rate: parts[1] as string },
    );
  }
  return out;
}

export const RULE_FIELDS = [
  'spread',
  'liquidationFeeRate',
  'liquidationFeeCap',
  'fundingIntervalHours',
  'exposureCap',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number] | 'brackets';
export type RuleValues = Record<RuleField, string>;

export function currentRuleValues(r: AdminPositionRules): RuleValues {
  return {
    spread: r.spread,
    liquidationFeeRate: r.liquidationFeeRate,
    liquidationFeeCap: r.liquidationFeeCap,
    fundingIntervalHours: String(r.fundingIntervalHours),
    exposureCap: r.exposureCap,
    brackets: bracketsText(r.brackets),
  };
}

/**
 * Checks the form and builds the update with only what changed. Decimals stay the text the operator
 * typed (never JS numbers); the server checks the ranges (and answers which field is wrong).
 */
export function buildRulesUpdate(
  rules: AdminPositionRules,
  values: RuleValues,
): {
  errors: Partial<Record<RuleField, 'decimal' | 'brackets'>>;
  body: UpdatePositionRulesBody;
  changed: number;
} {
  const original = currentRuleValues(rules);
  const errors: Partial<Record<RuleField, 'decimal' | 'brackets'>> = {};
  const body: UpdatePositionRulesBody = { symbol: rules.symbol };
  let changed = 0;
  for (const field of RULE_FIELDS) {
    const value = values[field].trim();
    if (value === original[field]) continue;
    if (field === 'fundingIntervalHours') {
      if (!/^\d{1,2}$/.test(value)) errors[field] = 'decimal';
      else body.fundingIntervalHours = Number(value);
    } else if (!DECIMAL.test(value)) errors[field] = 'decimal';
    else body[field] = value;
    changed += 1;
  }
  if (values.brackets.trim() !== original.brackets.trim()) {
    const brackets = parseBracketsText(values.brackets);
    if (brackets) body.brackets = brackets;
    else errors.brackets = 'brackets';
    changed += 1;
  }
  return { errors, body, changed };
}
