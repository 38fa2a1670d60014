import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/useSession.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { BankDepositForm } from '../bank/BankDepositForm.tsx';
import { ChainDeposit } from './ChainDeposit.tsx';
import { DemoDepositRefusal } from './DemoDepositRefusal.tsx';
import './deposit.css';

type DepositTab = 'chain' | 'bank';

/**
 * `/pages/assets/recharge`: USDT on a chain (ChainDeposit) or by bank transfer (BankDepositForm).
 * A demo account cannot deposit: one explanation, no call the server would refuse.
 */
export default function DepositPage() {
  const { user } = useSession();
  return user?.kind === 'demo' ? <DemoDepositRefusal /> : <DepositTabs />;
}

function DepositTabs() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DepositTab>('chain');
  return (
    <div className="page-pad stack">
      <Tabs<DepositTab>
        tabs={[
          { id: 'chain', label: t('funding.chain.tab') },
          { id: 'bank', label: t('funding.bank.tab') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="deposit-tab-"
        label={t('funding.deposit.title')}
        variant="segmented"
      />
      {tab === 'chain' ? <ChainDeposit /> : <BankDepositForm />}
    </div>
  );
}
