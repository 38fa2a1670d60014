import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TRANSFER_LIST_PATH } from '../app/paths.ts';
import { Tabs } from '../money/screenParts.ts';
import { Icon } from '../ui/Icon.tsx';
import '../money/money.css';
import { OwnTransferForm } from './OwnTransferForm.tsx';
import { UserTransfer } from './UserTransfer.tsx';

type TransferTab = 'own' | 'user';

export default function TransferPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TransferTab = params.get('tab') === 'user' ? 'user' : 'own';
  const choose = (next: TransferTab) => {
    const p = new URLSearchParams(params);
    p.set('tab', next);
    setParams(p, { replace: true });
  };
  return (
    <div className="page-pad stack">
      <Tabs
        variant="segmented"
        testIdPrefix="transfer-tab-"
        value={tab}
        onChange={choose}
        tabs={[
          { id: 'own', label: t('transfer.tabs.own') },
          { id: 'user', label: t('transfer.tabs.user') },
        ]}
      />
      {tab === 'own' ? <OwnTransferForm /> : <UserTransfer />}
      <Link
        to={`${TRANSFER_LIST_PATH}?tab=${tab}`}
        className="menu menu-row records-link"
        data-testid="records-link"
      >
        <Icon name="clock" size={20} />
        <span className="menu-row-main">{t('assets.transferList.title')}</span>
        <Icon name="chevron" size={18} />
      </Link>
    </div>
  );
}
