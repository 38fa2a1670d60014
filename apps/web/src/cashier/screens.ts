/**
 * The funding screens other areas show: the proof of reserves beside the proof of liabilities
 * (proof/ProofPage). Apart from an index so the first route never loads them.
 */
export { ReservesCard } from './deposit/ReservesCard.tsx';
