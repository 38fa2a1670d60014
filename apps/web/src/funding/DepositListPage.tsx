import { BankDepositRecords } from './BankDepositRecords.tsx';

export default function DepositListPage() {
  return (
    <div className="page-pad">
      <BankDepositRecords />
    </div>
  );
}
