import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/useSession.ts';
import { useTabParam } from '../../app/useTabParam.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { BankDepositRecords } from '../bank/BankDepositRecords.tsx';
import { ChainDepositRecords } from './ChainDepositRecords.tsx';
import { DemoDepositRefusal } from './DemoDepositRefusal.tsx';
import { useLiveDeposits } from './useLiveDeposits.ts';

type RecordsTab = 'chain' | 'bank';

/**
 * `/pages/assets/rechargeList`: deposits by the way they came, chain or bank, as the deposit page
 * offers them; the tab is in the address (`?tab=bank`), so a bank deposit just sent opens on it.
 * Both follow each move of a deposit on the user's socket. A demo account cannot deposit: it is
 * told so once, and nothing is asked of the server.
 */
export default function DepositListPage() {
  const { user } = useSession();
  return user?.kind === 'demo' ? <DemoDepositRefusal /> : <DepositRecords />;
}

function DepositRecords() {
  const { t } = useTranslation();
  useLiveDeposits();
  const [param, setTab] = useTabParam();
  const tab: RecordsTab = param === 'bank' ? 'bank' : 'chain';
  return (
    <div className="page-pad stack">
      <Tabs<RecordsTab>
        tabs={[
          { id: 'chain', label: t('funding.chain.tab') },
          { id: 'bank', label: t('funding.bank.tab') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="records-tab-"
        label={t('funding.depositList.title')}
        variant="segmented"
      />
      {tab === 'chain' ? <ChainDepositRecords /> : <BankDepositRecords />}
    </div>
  );
}
