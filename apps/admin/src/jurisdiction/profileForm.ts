import {
  type JurisdictionProfile,
  LEVERAGE_CLASSES,
  type LeverageClassName,
} from '@otc/protocol/jurisdiction/schemas';

export type CapValues = Record<LeverageClassName, string>;

/** The caps as the form's text fields hold them: empty where the class is not capped. */
export function capValues(profile: JurisdictionProfile | null): CapValues {
  return Object.fromEntries(
    LEVERAGE_CLASSES.map((c) => [
      c,
      profile?.leverageCaps[c] === undefined ? '' : String(profile.leverageCaps[c]),
    ]),
  ) as CapValues;
}

/**
 * The close-out level typed: null when empty (none), its shortest form ('0.50' reads '0.5'), or
 * 'wrong' unless a fraction strictly between 0 and 1 (at most 18 decimals).
 */
export function parseCloseOut(text: string): string | null | 'wrong' {
  const t = text.trim();
  if (t === '') return null;
  const m = /^0?\.(\d{1,18})$/.exec(t);
  const digits = m?.[1]?.replace(/0+$/, '') ?? '';
  return digits === '' ? 'wrong' : `0.${digits}`;
}

/** The caps typed, or the classes whose text is not a whole number from 1 to 125. */
export function parseCaps(
  values: CapValues,
): { caps: JurisdictionProfile['leverageCaps'] } | { wrong: LeverageClassName[] } {
  const caps: JurisdictionProfile['leverageCaps'] = {};
  const wrong: LeverageClassName[] = [];
  for (const c of LEVERAGE_CLASSES) {
    const text = values[c].trim();
    if (text === '') continue;
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 125) wrong.push(c);
    else caps[c] = Number(text);
  }
  return wrong.length > 0 ? { wrong } : { caps };
}
