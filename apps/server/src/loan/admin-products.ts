import { canonicalDecimal, loanProductProblem, parseUnits } from '@otc/core';
import type { AdminLoanProduct, AdminLoanProductBody } from '@otc/protocol/loan/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { indexPrices } from '../market/index.ts';
import { audit } from '../platform/audit.ts';
import { PRODUCT_COLUMNS, type ProductRow, toProduct } from './rows.ts';

type AdminRow = ProductRow & { active: number; outstanding: string };

const ADMIN_PRODUCTS = `SELECT ${PRODUCT_COLUMNS},
    (SELECT count(*)::int FROM loans l WHERE l.product_id = p.id AND l.status = 'active') AS active,
    (SELECT coalesce(sum(amount), 0)::text FROM loans l WHERE l.product_id = p.id AND l.status = 'active') AS outstanding
  FROM loan_products p`;

const toAdmin = (r: AdminRow): AdminLoanProduct => ({
  ...toProduct(r),
  status: r.status,
  activeLoans: Number(r.active),
  outstandingPrincipal: canonicalDecimal(r.outstanding),
});

/** Every product, open or closed, with its active loans and outstanding principal. */
export async function adminProducts(q: Queryable): Promise<{ items: AdminLoanProduct[] }> {
  const rows = await q.query<AdminRow>(`${ADMIN_PRODUCTS} ORDER BY p.sort, p.id`);
  return { items: rows.map(toAdmin) };
}

/**
 * Creates a product, or changes one: a loan copies every figure it uses when applying, so a change
 * reaches new applications only. Each collateral asset must have an index price (the collateral and
 * the LTV are valued by it). Audited.
 */
export async function saveProduct(
  ctx: AppContext,
  req: FastifyRequest,
  body: AdminLoanProductBody,
): Promise<AdminLoanProduct> {
  const problem = loanProductProblem({
    minAmount: parseUnits(body.minAmount),
    maxAmount: parseUnits(body.maxAmount),
    terms: body.terms,
    dailyRate: parseUnits(body.dailyRate),
    initialLtv: parseUnits(body.initialLtv),
    marginCallLtv: parseUnits(body.marginCallLtv),
    liquidationLtv: parseUnits(body.liquidationLtv),
  });
  if (problem) failField(problem.key, problem.field);
  const prices = await indexPrices(ctx.db);
  const assets = [...new Set(body.collateralAssets)];
  if (assets.length !== body.collateralAssets.length || assets.some((a) => !prices.has(a) || a === 'USDT'))
    failField('loan_product_collateral', 'collateralAssets');
  const terms = [...body.terms].sort((a, b) => a - b);
  const values = [
    body.name,
    body.minAmount,
    body.maxAmount,
    terms,
    body.dailyRate,
    body.initialLtv,
    body.marginCallLtv,
    body.liquidationLtv,
    assets,
    body.status,
  ];
  return ctx.db.tx(async (q) => {
    let id: string;
    if (body.id === undefined) {
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO loan_products (name, asset, min_amount, max_amount, terms, daily_rate, initial_ltv, margin_call_ltv,
           liquidation_ltv, collateral_assets, status, sort)
         VALUES ($1, 'USDT', $2, $3, $4::int[], $5, $6, $7, $8, $9::text[], $10,
           (SELECT coalesce(max(sort), 0) + 1 FROM loan_products))
         RETURNING id::text AS id`,
        values,
      );
      id = (row as { id: string }).id;
    } else {
      const [row] = await q.query<{ id: string }>(
        `UPDATE loan_products SET name = $1, min_amount = $2, max_amount = $3, terms = $4::int[], daily_rate = $5,
           initial_ltv = $6, margin_call_ltv = $7, liquidation_ltv = $8, collateral_assets = $9::text[], status = $10,
           updated_at = now()
         WHERE id = $11 RETURNING id::text AS id`,
        [...values, body.id],
      );
      if (!row) failField('loan_product_unknown', 'id');
      id = row.id;
    }
    await audit(
      q,
      req,
      body.id === undefined ? 'loan.product.create' : 'loan.product.update',
      `loan_product:${id}`,
      {
        ...body,
      },
    );
    const [saved] = await q.query<AdminRow>(`${ADMIN_PRODUCTS} WHERE p.id = $1`, [id]);
    return toAdmin(saved as AdminRow);
  });
}
