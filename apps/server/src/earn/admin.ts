import { canonicalDecimal, parseUnits, productProblem } from '@otc/core';
import type { AdminEarnProduct, AdminEarnProductBody } from '@otc/protocol/earn/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import { PRODUCT_COLUMNS, type ProductRow, toProduct } from './rows.ts';

type AdminRow = ProductRow & { active: number; locked: string };

const ADMIN_PRODUCTS = `SELECT ${PRODUCT_COLUMNS},
    (SELECT count(*)::int FROM earn_subscriptions s WHERE s.product_id = p.id AND s.status = 'active') AS active,
    (SELECT coalesce(sum(principal), 0)::text FROM earn_subscriptions s WHERE s.product_id = p.id AND s.status = 'active') AS locked
  FROM earn_products p`;

const toAdmin = (r: AdminRow): AdminEarnProduct => ({
  ...toProduct(r),
  status: r.status,
  activeSubscriptions: Number(r.active),
  lockedPrincipal: canonicalDecimal(r.locked),
});

/** Every product, open or closed, with what is running on it. */
export async function adminProducts(q: Queryable): Promise<{ items: AdminEarnProduct[] }> {
  const rows = await q.query<AdminRow>(`${ADMIN_PRODUCTS} ORDER BY p.sort, p.id`);
  return { items: rows.map(toAdmin) };
}

/**
 * Creates a product, or changes one: running subscriptions keep what they subscribed to (their rate,
 * cycle and penalty are their own columns), so a change reaches new subscriptions only. Audited.
 */
export async function saveProduct(
  ctx: AppContext,
  req: FastifyRequest,
  body: AdminEarnProductBody,
): Promise<AdminEarnProduct> {
  const problem = productProblem({
    minAmount: parseUnits(body.minAmount),
    maxAmount: parseUnits(body.maxAmount),
    cycleDays: body.cycleDays,
    rateMin: parseUnits(body.rateMin),
    rateMax: parseUnits(body.rateMax),
    penaltyRate: parseUnits(body.penaltyRate),
  });
  if (problem) failField(problem.key, problem.field);
  const values = [
    body.kind,
    body.name,
    body.minAmount,
    body.maxAmount,
    body.cycleDays,
    body.rateMin,
    body.rateMax,
    body.penaltyRate,
    body.status,
  ];
  return ctx.db.tx(async (q) => {
    let id: string;
    if (body.id === undefined) {
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO earn_products (kind, name, asset, min_amount, max_amount, cycle_days, rate_min, rate_max, penalty_rate, status, sort)
         VALUES ($1, $2, 'USDT', $3, $4, $5, $6, $7, $8, $9, (SELECT coalesce(max(sort), 0) + 1 FROM earn_products))
         RETURNING id::text AS id`,
        values,
      );
      id = (row as { id: string }).id;
    } else {
      const [row] = await q.query<{ id: string }>(
        `UPDATE earn_products SET kind = $1, name = $2, min_amount = $3, max_amount = $4, cycle_days = $5,
           rate_min = $6, rate_max = $7, penalty_rate = $8, status = $9, updated_at = now()
         WHERE id = $10 RETURNING id::text AS id`,
        [...values, body.id],
      );
      if (!row) failField('earn_product_unknown', 'id');
      id = row.id;
    }
    await audit(
      q,
      req,
      body.id === undefined ? 'earn.product.create' : 'earn.product.update',
      `earn_product:${id}`,
      {
        ...body,
      },
    );
    const [saved] = await q.query<AdminRow>(`${ADMIN_PRODUCTS} WHERE p.id = $1`, [id]);
    return toAdmin(saved as AdminRow);
  });
}
