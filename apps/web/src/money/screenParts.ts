/**
 * The parts the money screens (ledger, exchange, proof, VIP, spot's ticket and orders, the leveraged
 * ticket) are built of, imported from this one module so the bundler puts them in one chunk:
 * imported file by file they fell into several small chunks, and each chunk's name in the entry's
 * preload list cost the first route 0.3 KB in all. Each part lives in its own file; the market's
 * screens import `ui/Tabs` directly.
 */
export { KeyValueRow } from '../ui/KeyValueRow.tsx';
export { QueryPage, QueryState } from '../ui/QueryState.tsx';
export { SelectField } from '../ui/SelectField.tsx';
export { SideToggle } from '../ui/SideToggle.tsx';
export { Tabs } from '../ui/Tabs.tsx';
export { AmountAsset } from './AmountAsset.tsx';
export { AmountField } from './AmountField.tsx';
export { DecimalField } from './DecimalField.tsx';
export { OrderTypeTabs } from './OrderTypeTabs.tsx';
export { SignedAmount } from './SignedAmount.tsx';
export { TradeButton } from './TradeButton.tsx';
export { useOrderSubmit } from './useOrderSubmit.ts';
