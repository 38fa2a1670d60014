import { formatUnits, type Units } from '@otc/core';
import { tokenToUnits } from '@otc/core/cashier/deposit/deposits';
import { DEPOSIT_COIN, type Reserves } from '@otc/protocol/cashier/deposit/schemas';
import type { AppContext } from '../../context.ts';
import type { DepositChain, DepositChains } from './chains.ts';
import { addressesOn } from './queries.ts';

/** How long one reading serves: the call is public and reads a balance per deposit address. */
export const RESERVES_TTL_MS = 60_000;

/**
 * Proof of reserves (issue 15): the USDT the platform holds on chain, per enabled chain: the hot
 * wallet's and what is still on users' deposit addresses (until swept). The app sets the total
 * against the published liabilities (the proof of liabilities' USDT total). A chain that does not
 * answer counts 0 and says why, rather than failing the whole reading.
 */
export function reservesReader(ctx: AppContext, chains: DepositChains) {
  let cached: { at: number; value: Reserves } | undefined;
  let reading: Promise<Reserves> | undefined;
  const read = async (): Promise<Reserves> => {
    const now = ctx.clock.date();
    const list = await Promise.all(chains.list().map((c) => onChain(ctx, c)));
    const total = list.reduce((sum, c) => sum + c.units, 0n);
    return {
      asset: DEPOSIT_COIN,
      chains: list.map(({ units: _units, ...c }) => c),
      total: formatUnits(total),
      at: now.toISOString(),
    };
  };
  return async (): Promise<Reserves> => {
    if (cached && ctx.clock.now() - cached.at < RESERVES_TTL_MS) return cached.value;
    // One reading at a time, whoever asks meanwhile waits for it.
    reading ??= read().finally(() => {
      reading = undefined;
    });
    const value = await reading;
    cached = { at: ctx.clock.now(), value };
    return value;
  };
}

async function onChain(ctx: AppContext, chain: DepositChain) {
  const addresses = await addressesOn(ctx.db, chain.chainId);
  try {
    const decimals = await chain.decimals();
    const units = async (address: string): Promise<Units> =>
      tokenToUnits(await chain.balanceOf(address), decimals);
    const hot = await units(chain.hotWallet);
    let deposits = 0n;
    for (const address of addresses) deposits += await units(address);
    return {
      chainId: chain.chainId,
      name: chain.name,
      hotWallet: formatUnits(hot),
      depositAddresses: formatUnits(deposits),
      addresses: addresses.length,
      error: null,
      units: hot + deposits,
    };
  } catch (err) {
    return {
      chainId: chain.chainId,
      name: chain.name,
      hotWallet: '0',
      depositAddresses: '0',
      addresses: addresses.length,
      error: err instanceof Error ? err.message.slice(0, 200) : String(err),
      units: 0n,
    };
  }
}
