import type { Queryable } from '../db/db.ts';

/**
 * The activities' part of the ledger check: every fulfilled booking was paid by exactly one
 * `activity.bonus` journal naming it, and no such journal pays anything else (a bonus twice, or
 * one without its booking, is what this catches).
 */
export async function checkActivities(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ problem: string }>(
    `SELECT 'activity booking ' || b.id || ' is fulfilled without its bonus journal' AS problem
     FROM activity_bookings b LEFT JOIN journal_heads j ON j.id = b.journal_id
       AND j.kind = 'activity.bonus' AND j.reference = 'activity_booking:' || b.id
     WHERE b.status = 'fulfilled' AND j.id IS NULL
     UNION ALL
     SELECT 'activity bonus journal ' || j.id || ' pays no fulfilled booking of its own' AS problem
     FROM journal_heads j LEFT JOIN activity_bookings b ON b.journal_id = j.id AND b.status = 'fulfilled'
     WHERE j.kind = 'activity.bonus' AND b.id IS NULL`,
  );
  return rows.map((r) => r.problem);
}
