import type { Page } from 'playwright-core';
import { erc20Abi, parseUnits } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { devChain } from '../lib/chain.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { DevWallet } from '../lib/wallet.ts';

const phone = usePhone();
const { rpcUrl } = inject('devChain');
/**
 * The dev account this journey's wallet holds: it has ETH for gas on the node. Its own index, so no
 * other journey's wallet signs with the same key (a shared nonce) or logs in as the same user.
 */
const WALLET_ACCOUNT = 8;
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
/** An amount as the app prints it, as a number: "100.00" and "100" are both 100. */
const amountIn = (shown: string) => Number(shown.replace(/[^\d.]/g, ''));

describe('a deposit paid from the browser wallet', () => {
  it('a wallet user transfers 100 USDT from the deposit page; it is credited, exactly, and the ledger checks', async () => {
    const chain = devChain();
    const dev = chain.accounts[WALLET_ACCOUNT];
    if (!dev) throw new Error(`no dev account ${WALLET_ACCOUNT}`);
    const wallet = new DevWallet(chain.chainId, rpcUrl, dev.key);
    const page = await phone.newPage();
    await wallet.installIn(page);

    // Logs in by signing the server's message.
    await page.goto('/#/pages/login/login');
    await page.getByTestId('wallet-login').click();
    await expect.poll(() => wallet.requests.includes('personal_sign')).toBe(true);
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/?$/);

    // The wallet gets its USDT on chain, as a user buys it elsewhere.
    await chain.transferUsdt(chain.deployer.key, wallet.address, '150');

    await page.goto('/#/pages/assets/recharge');
    await expect
      .poll(() => text(page, 'deposit-address'), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = (await text(page, 'deposit-address')) as `0x${string}`;
    expect(await page.getByTestId('deposit-chain-31337').getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page, { where: 'Deposit, wallet user' });
    const before = await chain.usdtBalance(address);
    const decimals = await chain.client.readContract({
      address: chain.usdt,
      abi: erc20Abi,
      functionName: 'decimals',
    });

    await page.fill('input[name=walletAmount]', '100');
    await page.getByTestId('wallet-transfer').click();
    await expect
      .poll(() => text(page, 'wallet-transfer-hash'), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-f]{64}$/);
    expect(wallet.requests).toContain('eth_sendTransaction');
    // Never an allowance: the wallet was asked for one transfer, nothing else was sent.
    expect(wallet.requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    const hash = (await text(page, 'wallet-transfer-hash')) as `0x${string}`;
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 200 });
    expect(receipt.status).toBe('success');
    expect(await chain.usdtBalance(address)).toBe(before + parseUnits('100', decimals));
    await expectNoAxeViolations(page, { where: 'Deposit, wallet transfer sent' });

    // The dev chain mines a block a second and the watcher reads it every 3 s.
    await page.goto('/#/pages/assets/rechargeList');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByTestId('deposit-status')
            .first()
            .innerText()
            .catch(() => '');
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('Credited');
    expect(amountIn(await text(page, 'deposit-amount'))).toBe(100);
    await expectNoAxeViolations(page, { where: 'Deposit records, wallet user' });

    // A new user: the funding account held nothing, now exactly the 100 deposited.
    await page.goto('/#/pages/index/Assets?account=funding');
    await expect.poll(async () => amountIn(await text(page, 'balance-available-USDT'))).toBe(100);
    expect(amountIn(await text(page, 'balance-total-USDT'))).toBe(100);
    await expectNoAxeViolations(page, { where: 'Assets, wallet user' });

    // The books still balance with the deposit in them.
    const ops = await phone.newPage();
    await operatorSignIn(ops);
    await ops.getByTestId('nav-ledger').click();
    await ops.getByTestId('ledger-check-run').click();
    // The passing result is a status; problems come as an alert listing them.
    await expect.poll(() => ops.getByTestId('ledger-check-result').getAttribute('role')).toBe('status');
    await expectNoAxeViolations(ops, { where: 'back office ledger check' });
  });
});
