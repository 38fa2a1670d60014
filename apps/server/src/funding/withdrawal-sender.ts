import type { AppContext } from '../context.ts';

/**
 * Asks the chain's sender to look for approved withdrawals now rather than at its next round.
 * (The sender itself comes with the chain platform.)
 */
export function wakeSender(_ctx: AppContext, _chainId: number): void {}
