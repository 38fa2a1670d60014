import { type Address, createWalletClient, type Hex, http, maxUint256, parseUnits, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USDT, tokenAbi } from '../../../src/platform/chain/index.ts';
import { type DevAccount, type DevChain, startDevChain } from './dev-chain.ts';

// contracts/Token.sol on a real local EVM: every rule of seed §9 and each refusal's revert reason.
let dev: DevChain;
const units = (amount: string) => parseUnits(amount, DEV_USDT.decimals);
const account = (index: number) => dev.accounts[index] as DevAccount;

function as(key: Hex) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: foundry,
    transport: http(dev.rpcUrl),
  });
  const write = async (functionName: string, args: unknown[]) => {
    const hash = await wallet.writeContract({
      address: dev.usdt,
      abi: tokenAbi,
      functionName,
      args,
    } as never);
    return dev.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };
  return {
    transfer: (to: Address, value: bigint) => write('transfer', [to, value]),
    approve: (spender: Address, value: bigint) => write('approve', [spender, value]),
    transferFrom: (from: Address, to: Address, value: bigint) => write('transferFrom', [from, to, value]),
    increaseAllowance: (spender: Address, value: bigint) => write('increaseAllowance', [spender, value]),
    decreaseAllowance: (spender: Address, value: bigint) => write('decreaseAllowance', [spender, value]),
  };
}

const read = <T>(functionName: string, args: unknown[] = []) =>
  dev.client.readContract({ address: dev.usdt, abi: tokenAbi, functionName, args } as never) as Promise<T>;
const allowance = (owner: Address, spender: Address) => read<bigint>('allowance', [owner, spender]);

beforeAll(async () => {
  dev = await startDevChain();
});
afterAll(() => dev?.stop());

describe('the token contract', () => {
  it('has its name, symbol and decimals, and gave its whole supply to the deployer', async () => {
    expect(await read('name')).toBe(DEV_USDT.name);
    expect(await read('symbol')).toBe('USDT');
    expect(await read('decimals')).toBe(6);
    const supply = units(DEV_USDT.supply);
    expect(await read('totalSupply')).toBe(supply);
    const hot = await dev.usdtBalance(dev.hotWallet.address);
    expect(await dev.usdtBalance(dev.deployer.address)).toBe(supply - hot);
  });

  it('transfers, moving exactly the amount and logging a Transfer event', async () => {
    const [a, b] = [account(2), account(3)];
    await dev.transferUsdt(dev.deployer.key, a.address, '100');
    const receipt = await as(a.key).transfer(b.address, units('12.345678'));
    expect(await dev.usdtBalance(a.address)).toBe(units('87.654322'));
    expect(await dev.usdtBalance(b.address)).toBe(units('12.345678'));
    const [log] = receipt.logs;
    expect(log?.address.toLowerCase()).toBe(dev.usdt.toLowerCase());
    expect(log?.topics[1]?.toLowerCase()).toContain(a.address.slice(2).toLowerCase());
    expect(log?.topics[2]?.toLowerCase()).toContain(b.address.slice(2).toLowerCase());
    expect(BigInt(log?.data ?? 0)).toBe(units('12.345678'));
  });

  it('refuses a transfer to the zero address, and one above the balance, changing nothing', async () => {
    const a = account(4);
    await dev.transferUsdt(dev.deployer.key, a.address, '10');
    await expect(as(a.key).transfer(zeroAddress, 1n)).rejects.toThrow('Token: transfer to the zero address');
    await expect(as(a.key).transfer(account(5).address, units('10.000001'))).rejects.toThrow(
      'Token: transfer amount exceeds balance',
    );
    expect(await dev.usdtBalance(a.address)).toBe(units('10'));
  });

  it('approves, and transferFrom spends the allowance down to what is left', async () => {
    const [owner, spender, to] = [account(6), account(7), account(8)];
    await dev.transferUsdt(dev.deployer.key, owner.address, '50');
    const approved = await as(owner.key).approve(spender.address, units('20'));
    expect(approved.logs).toHaveLength(1);
    expect(await allowance(owner.address, spender.address)).toBe(units('20'));
    await as(spender.key).transferFrom(owner.address, to.address, units('15'));
    expect(await allowance(owner.address, spender.address)).toBe(units('5'));
    expect(await dev.usdtBalance(to.address)).toBe(units('15'));
    expect(await dev.usdtBalance(owner.address)).toBe(units('35'));
    await expect(as(spender.key).transferFrom(owner.address, to.address, units('5.000001'))).rejects.toThrow(
      'Token: transfer amount exceeds allowance',
    );
    // An allowance larger than the balance still cannot move more than the balance.
    await as(owner.key).approve(spender.address, maxUint256);
    await expect(as(spender.key).transferFrom(owner.address, to.address, units('36'))).rejects.toThrow(
      'Token: transfer amount exceeds balance',
    );
    await expect(as(spender.key).transferFrom(owner.address, zeroAddress, 1n)).rejects.toThrow(
      'Token: transfer to the zero address',
    );
    expect(await dev.usdtBalance(owner.address)).toBe(units('35'));
  });

  it('refuses an approval to the zero address', async () => {
    const owner = account(6);
    await expect(as(owner.key).approve(zeroAddress, 1n)).rejects.toThrow(
      'Token: approve to the zero address',
    );
    await expect(as(owner.key).increaseAllowance(zeroAddress, 1n)).rejects.toThrow(
      'Token: approve to the zero address',
    );
  });

  it('increases and decreases an allowance, never below zero', async () => {
    const [owner, spender] = [account(8), account(9)];
    await as(owner.key).increaseAllowance(spender.address, units('3'));
    await as(owner.key).increaseAllowance(spender.address, units('2'));
    expect(await allowance(owner.address, spender.address)).toBe(units('5'));
    await as(owner.key).decreaseAllowance(spender.address, units('4'));
    expect(await allowance(owner.address, spender.address)).toBe(units('1'));
    await expect(as(owner.key).decreaseAllowance(spender.address, units('1.000001'))).rejects.toThrow(
      'Token: decreased allowance below zero',
    );
    expect(await allowance(owner.address, spender.address)).toBe(units('1'));
  });
});
