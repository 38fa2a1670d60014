import { parseUnits, type ReviewThresholds, type WithdrawalLimits } from '@otc/core';
import type { AppContext } from '../../context.ts';

/** The chains withdrawals go out on now: those the chain platform has switched on. */
export function withdrawChainIds(ctx: AppContext): number[] {
  return ctx.chain.chains().map((c) => c.chainId);
}

/** A chain's published fee and minimum (its own from the settings, else the defaults). */
export function limitsOf(
  ctx: AppContext,
  chainId: number,
): WithdrawalLimits & { text: { fee: string; minimum: string } } {
  const s = ctx.config.withdrawals;
  const text = s.byChain[String(chainId)] ?? { fee: s.fee, minimum: s.minimum };
  return { fee: parseUnits(text.fee), minimum: parseUnits(text.minimum), text };
}

export function thresholdsOf(ctx: AppContext): ReviewThresholds {
  return {
    review: parseUnits(ctx.config.withdrawals.review),
    large: parseUnits(ctx.config.withdrawals.large),
  };
}
