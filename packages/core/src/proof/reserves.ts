import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { formatUnits, parseUnits } from '../money/decimal.ts';

/**
 * Proof of reserves (issue 29, decision 0141): at each liabilities snapshot the platform signs, with
 * the key of each address it holds funds on, a statement naming the snapshot, the chain, the block
 * and the address; anyone recovers the signer from the signature (EIP-191 `personal_sign`, what every
 * wallet and `cast wallet verify` check) and reads the address's balance at that block. A signature
 * shows control of the key at signing; the statement's root and block tie it to that snapshot.
 */
export interface ReserveStatement {
  snapshotId: string;
  root: string;
  chainId: number;
  block: string;
  address: string;
}

/** The text signed: one line a field, so a person reads what they check. */
export function reserveStatement(s: ReserveStatement): string {
  return [
    'OTC Markets proof of reserves',
    `snapshot: ${s.snapshotId}`,
    `root: ${s.root}`,
    `chain: ${s.chainId}`,
    `block: ${s.block}`,
    `address: ${s.address.toLowerCase()}`,
  ].join('\n');
}

/** EIP-191 version 0x45: keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix, 0);
  all.set(body, prefix.length);
  return keccak_256(all);
}

/** The address (lower-case) whose key made a 65-byte `r || s || v` signature of `message`; null if none. */
export function recoverSigner(message: string, signature: string): string | null {
  try {
    const bytes = hexToBytes(signature.replace(/^0x/, ''));
    if (bytes.length !== 65) return null;
    const v = bytes[64] as number;
    const recovery = v >= 27 ? v - 27 : v;
    if (recovery !== 0 && recovery !== 1) return null;
    const point = secp256k1.Signature.fromCompact(bytes.slice(0, 64))
      .addRecoveryBit(recovery)
      .recoverPublicKey(personalMessageHash(message));
    const publicKey = point.toRawBytes(false).slice(1);
    return `0x${bytesToHex(keccak_256(publicKey).slice(-20))}`;
  } catch {
    return null;
  }
}

/** Whether `signature` over the statement was made by the statement's own address. */
export const signedByItsAddress = (s: ReserveStatement, signature: string): boolean =>
  recoverSigner(reserveStatement(s), signature) === s.address.toLowerCase();

/**
 * Reserves over liabilities, exact, as a decimal with 4 places rounded down (1.0312 = 103.12 %);
 * null without liabilities. The reserves counted are the signed addresses' balances only.
 */
export function reserveRatio(reserves: string, liabilities: string): string | null {
  const owed = parseUnits(liabilities);
  if (owed <= 0n) return null;
  const steps = (parseUnits(reserves) * 10_000n) / owed;
  return formatUnits(steps * 10n ** 14n);
}

/** One address's row as the proof answers it (protocol `ProofReserves`). */
export interface ReserveRow {
  chainId: number;
  block: string;
  address: string;
  asset: string;
  balance: string;
  signature: string | null;
}

/**
 * What the proof page shows, computed in the browser: each row's signature checked against the
 * snapshot (`true` signed by its address, `false` a signature that is not its address's, `null`
 * unsigned), and per asset of the liabilities the signed balances' total and its ratio to what
 * users are owed. Only verified rows count.
 */
export function summarizeReserves<R extends ReserveRow>(
  snapshot: { id: string; root: string; totals: readonly { asset: string; total: string }[] },
  rows: readonly R[],
) {
  const checked = rows.map((r) => ({
    ...r,
    verified:
      r.signature === null
        ? null
        : signedByItsAddress({ snapshotId: snapshot.id, root: snapshot.root, ...r }, r.signature),
  }));
  const assets = snapshot.totals.map((t) => {
    const signed = checked
      .filter((r) => r.verified === true && r.asset === t.asset)
      .reduce((sum, r) => sum + parseUnits(r.balance), 0n);
    return {
      asset: t.asset,
      signed: formatUnits(signed),
      liabilities: t.total,
      ratio: reserveRatio(formatUnits(signed), t.total),
    };
  });
  return {
    rows: checked,
    assets: assets.filter((a) => a.signed !== '0' || checked.some((r) => r.asset === a.asset)),
  };
}
