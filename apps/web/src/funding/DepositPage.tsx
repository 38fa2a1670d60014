import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../app/ComingSoon.tsx';
import { Tabs } from '../money/screenParts.ts';
import { ChainDeposit } from './ChainDeposit.tsx';
import './deposit.css';

type DepositTab = 'chain' | 'bank';

/**
 * `/pages/assets/recharge`: USDT on a chain (ChainDeposit) or by bank. The bank tab is the bank
 * deposit part's: it replaces the placeholder below with its own component file.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DepositTab>('chain');
  return (
    <div className="page-pad stack">
      <Tabs<DepositTab>
        tabs={[
          { id: 'chain', label: t('funding.chain.tab') },
          { id: 'bank', label: t('funding.chain.bankTab') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="deposit-tab-"
        variant="segmented"
      />
      {tab === 'chain' ? <ChainDeposit /> : <ComingSoon icon="deposit" text="funding.deposit.soon" />}
    </div>
  );
}
