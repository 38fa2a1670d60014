import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../app/ComingSoon.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { BankDepositForm } from './BankDepositForm.tsx';

type Method = 'chain' | 'bank';

export default function DepositPage() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('chain');
  return (
    <div className="page-pad stack">
      <Tabs
        tabs={[
          { id: 'chain', label: t('funding.bank.tabChain') },
          { id: 'bank', label: t('funding.bank.tab') },
        ]}
        value={method}
        onChange={setMethod}
        testIdPrefix="deposit-tab-"
        label={t('funding.deposit.title')}
        variant="segmented"
      />
      {method === 'chain' ? <ComingSoon icon="deposit" text="funding.deposit.soon" /> : <BankDepositForm />}
    </div>
  );
}
