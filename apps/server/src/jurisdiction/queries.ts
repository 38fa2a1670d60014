import { canonicalDecimal } from '@otc/core';
import type { JurisdictionProfile } from '@otc/protocol/jurisdiction/schemas';
import type { Queryable } from '../db/db.ts';

interface ProfileRow {
  country: string;
  seconds_allowed: boolean;
  leverage_caps: JurisdictionProfile['leverageCaps'] | string;
  cfd_bonuses: boolean;
  close_out_level: string | null;
}

const toProfile = (r: ProfileRow): JurisdictionProfile => ({
  country: r.country,
  secondsAllowed: r.seconds_allowed,
  // PGlite and node-postgres both parse jsonb; a string is parsed here in case a driver does not.
  leverageCaps: typeof r.leverage_caps === 'string' ? JSON.parse(r.leverage_caps) : r.leverage_caps,
  cfdBonuses: r.cfd_bonuses,
  closeOutLevel: r.close_out_level === null ? null : canonicalDecimal(r.close_out_level),
});

const COLUMNS =
  'country, seconds_allowed, leverage_caps, cfd_bonuses, close_out_level::text AS close_out_level';

export async function allProfiles(q: Queryable): Promise<JurisdictionProfile[]> {
  const rows = await q.query<ProfileRow>(`SELECT ${COLUMNS} FROM jurisdiction_profiles ORDER BY country`);
  return rows.map(toProfile);
}

export async function lockProfile(q: Queryable, country: string): Promise<JurisdictionProfile | undefined> {
  const [row] = await q.query<ProfileRow>(
    `SELECT ${COLUMNS} FROM jurisdiction_profiles WHERE country = $1 FOR UPDATE`,
    [country],
  );
  return row && toProfile(row);
}

export async function saveProfile(q: Queryable, p: JurisdictionProfile, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO jurisdiction_profiles (country, seconds_allowed, leverage_caps, cfd_bonuses, close_out_level, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $6::numeric, $5::timestamptz)
     ON CONFLICT (country) DO UPDATE SET seconds_allowed = EXCLUDED.seconds_allowed,
       leverage_caps = EXCLUDED.leverage_caps, cfd_bonuses = EXCLUDED.cfd_bonuses,
       close_out_level = EXCLUDED.close_out_level, updated_at = EXCLUDED.updated_at`,
    [
      p.country,
      p.secondsAllowed,
      JSON.stringify(p.leverageCaps),
      p.cfdBonuses,
      at.toISOString(),
      p.closeOutLevel ?? null,
    ],
  );
}

export async function deleteProfile(q: Queryable, country: string): Promise<void> {
  await q.query('DELETE FROM jurisdiction_profiles WHERE country = $1', [country]);
}

/** The user's kind and phone (user_directory: the users area's shared view). */
export async function userOf(
  q: Queryable,
  userId: string,
): Promise<{ kind: string; phone: string | null } | undefined> {
  const [row] = await q.query<{ kind: string; phone: string | null }>(
    'SELECT kind, phone FROM user_directory WHERE id = $1',
    [userId],
  );
  return row;
}
