export * from './amount.ts';
export * from './ledger/accounts.ts';
export * from './ledger/book.ts';
export * from './ledger/posting.ts';
export * from './mask.ts';
export * from './money/decimal.ts';
export * from './proof/merkle.ts';
export * from './time.ts';
