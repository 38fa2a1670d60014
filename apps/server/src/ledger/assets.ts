import { isDecimal, parseUnits, type Units } from '@otc/core';
import type { AssetInfo } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';

const ASSET_COLUMNS = 'code, name, decimals, display_decimals AS "displayDecimals"';

export const listAssets = (q: Queryable) =>
  q.query<AssetInfo>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE enabled ORDER BY sort, code`);

export async function findAsset(q: Queryable, code: string): Promise<AssetInfo> {
  const [asset] = await q.query<AssetInfo>(
    `SELECT ${ASSET_COLUMNS} FROM assets WHERE code = $1 AND enabled`,
    [code],
  );
  if (!asset) failField('asset_unknown', 'asset');
  return asset;
}

/** A user's amount in `asset`: more than zero and within the asset's decimals. */
export function userAmount(asset: AssetInfo, text: string): Units {
  if (!isDecimal(text, asset.decimals)) failField('amount_precision', 'amount', { decimals: asset.decimals });
  const units = parseUnits(text);
  if (units <= 0n) failField('amount_invalid', 'amount');
  return units;
}
