import { canonicalDecimal, feeInFill } from '@otc/core';
import type { AccountLogEntry, Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';

export interface BalanceRow {
  kind: string;
  asset: string;
  available: string;
  frozen: string;
}

export const userBalances = (q: Queryable, realm: Realm, userId: string) =>
  q.query<BalanceRow>(
    `SELECT kind, asset, available::text AS available, frozen::text AS frozen FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'user' AND owner = $2`,
    [realm, userId],
  );

export async function accountLog(
  q: Queryable,
  realm: Realm,
  userId: string,
  kind: string,
  asset: string | undefined,
  page: PageRequest,
): Promise<{ items: AccountLogEntry[]; total: number }> {
  const params: unknown[] = [realm, userId, kind];
  if (asset) params.push(asset);
  const where = `a.realm = $1 AND a.owner_type = 'user' AND a.owner = $2 AND a.kind = $3${asset ? ' AND a.asset = $4' : ''}`;
  const { rows, total } = await paged<{
    id: string;
    journal_id: string;
    kind: string;
    asset: string;
    field: 'available' | 'frozen';
    amount: string;
    reference: string | null;
    subject: string | null;
    created_at: Date;
  }>(
    q,
    {
      select: `e.id::text AS id, e.journal_id::text AS journal_id, j.kind, e.asset, e.field, e.amount::text AS amount,
               j.reference, j.subject, j.created_at`,
      from: `journal_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN journal j ON j.id = e.journal_id WHERE ${where}`,
      orderBy: 'e.id DESC',
    },
    params,
    page,
  );
  const fills = await fillFees(q, rows);
  return {
    items: rows.map((r) => {
      const trade = fills.get(r.journal_id);
      const fee = trade ? feeInFill(r, trade) : null;
      return {
        id: r.id,
        journalId: r.journal_id,
        kind: r.kind,
        asset: r.asset,
        field: r.field,
        amount: canonicalDecimal(r.amount),
        reference: r.reference,
        subject: r.subject,
        fee: fee === null ? null : canonicalDecimal(fee),
        createdAt: new Date(r.created_at).toISOString(),
      };
    }),
    total,
  };
}

/**
 * The trade rows of the fills on a page of history, by journal: the fees the ledger posted net
 * (see `feeInFill`). Found through the maker order the fill's reference names ('maker/taker'),
 * which is indexed, so the trades table's hot path gains no index.
 */
async function fillFees(
  q: Queryable,
  rows: readonly { kind: string; journal_id: string; reference: string | null }[],
): Promise<Map<string, { takerSide: 'buy' | 'sell'; makerFee: string; takerFee: string }>> {
  const fills = rows.filter((r) => r.kind === 'spot.trade' && r.reference);
  if (fills.length === 0) return new Map();
  const found = await q.query<{
    journal_id: string;
    taker_side: 'buy' | 'sell';
    maker_fee: string;
    taker_fee: string;
  }>(
    `SELECT journal_id::text AS journal_id, taker_side, maker_fee::text AS maker_fee, taker_fee::text AS taker_fee
     FROM spot_fills WHERE maker_order = ANY($1::bigint[]) AND journal_id = ANY($2::bigint[])`,
    [
      [...new Set(fills.map((r) => r.reference?.split('/')[0]))],
      [...new Set(fills.map((r) => r.journal_id))],
    ],
  );
  return new Map(
    found.map((t) => [
      t.journal_id,
      { takerSide: t.taker_side, makerFee: t.maker_fee, takerFee: t.taker_fee },
    ]),
  );
}

export interface TransferRow {
  id: string;
  kind: 'own' | 'user';
  from_user: string;
  to_user: string;
  from_account: string;
  to_account: string;
  asset: string;
  amount: string;
  created_at: Date;
  from_nickname: string;
  to_nickname: string;
}

export async function insertTransfer(
  q: Queryable,
  t: {
    journalId: string;
    kind: 'own' | 'user';
    fromUser: string;
    toUser: string;
    fromAccount: string;
    toAccount: string;
    asset: string;
    amount: string;
  },
): Promise<{ id: string; created_at: Date }> {
  const [row] = await q.query<{ id: string; created_at: Date }>(
    `INSERT INTO transfers (journal_id, kind, from_user, to_user, from_account, to_account, asset, amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id, created_at`,
    [t.journalId, t.kind, t.fromUser, t.toUser, t.fromAccount, t.toAccount, t.asset, t.amount],
  );
  return row as { id: string; created_at: Date };
}

export async function transfers(
  q: Queryable,
  userId: string,
  kind: 'own' | 'user',
  page: PageRequest,
): Promise<{ rows: TransferRow[]; total: number }> {
  return paged<TransferRow>(
    q,
    {
      select: `t.id::text AS id, t.kind, t.from_user::text AS from_user, t.to_user::text AS to_user, t.from_account,
               t.to_account, t.asset, t.amount::text AS amount, t.created_at, f.nickname AS from_nickname,
               r.nickname AS to_nickname`,
      from: `transfers t JOIN user_directory f ON f.id = t.from_user JOIN user_directory r ON r.id = t.to_user
             WHERE t.kind = $2 AND (t.from_user = $1 OR t.to_user = $1)`,
      orderBy: 't.id DESC',
    },
    [userId, kind],
    page,
  );
}

/** Every entry of every account of one user, both realms, for the back office. */
export async function userJournal(q: Queryable, userId: string, page: PageRequest) {
  const { rows, total } = await paged<{
    id: string;
    journal_id: string;
    kind: string;
    realm: string;
    account: string;
    asset: string;
    field: string;
    amount: string;
    reference: string | null;
    created_at: Date;
  }>(
    q,
    {
      select: `e.id::text AS id, e.journal_id::text AS journal_id, j.kind, a.realm, a.kind AS account, e.asset, e.field,
               e.amount::text AS amount, j.reference, j.created_at`,
      from: `journal_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN journal j ON j.id = e.journal_id
             WHERE a.owner_type = 'user' AND a.owner = $1`,
      orderBy: 'e.id DESC',
    },
    [userId],
    page,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      journalId: r.journal_id,
      kind: r.kind,
      realm: r.realm,
      account: r.account,
      asset: r.asset,
      field: r.field,
      amount: canonicalDecimal(r.amount),
      reference: r.reference,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total,
  };
}
