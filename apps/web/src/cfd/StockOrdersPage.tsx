import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HISTORY_PATH } from '../app/paths.ts';
import { PositionList, PositionOrders } from '../positions/screens.ts';

/** The user's CFD positions (live, with close, reverse, TP/SL) and CFD orders. */
export default function StockOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="page-pad stack">
      <PositionList product="cfd" />
      <PositionOrders product="cfd" />
      <Link to={HISTORY_PATH} className="pos-link" data-testid="to-history">
        {t('positions.list.history')}
      </Link>
    </div>
  );
}
