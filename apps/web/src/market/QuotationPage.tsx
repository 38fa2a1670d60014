import { ComingSoon } from '../app/ComingSoon.tsx';

export default function QuotationPage() {
  return <ComingSoon icon="markets" text="market.quotation.soon" />;
}
