import type { NoticeKind } from '@otc/protocol/notifications/kinds';
import type { Params } from '../db/params.ts';
import { checkLink } from './notify.ts';

/**
 * Notifications a set-based statement writes, one per row of one of its CTEs (`from`): the body of
 * a CTE for the caller to put in that statement, as `postSet`'s callers put theirs. A job that ends
 * a million rows tells their owners in the same statement: one INSERT, no row crossing to the
 * process and back, and the notice exists exactly when the event does. `userId` and each of
 * `params` are SQL expressions over `from`'s columns (each param's text as it is stored: amounts as
 * plain decimals, as `notify` stores them); `kind` and `link` are bound as parameters.
 */
export function noticesFrom(
  sql: Params,
  spec: { kind: NoticeKind; from: string; userId: string; params: Record<string, string>; link?: string },
): string {
  checkLink(spec.link);
  const params = Object.entries(spec.params)
    .map(([name, expression]) => `${sql.p(name)}::text, (${expression})::text`)
    .join(', ');
  return `INSERT INTO notifications (user_id, kind, params, link)
    SELECT ${spec.userId}, ${sql.p(spec.kind)}::text, jsonb_build_object(${params}), ${sql.p(spec.link ?? null)}::text
    FROM ${spec.from}`;
}
