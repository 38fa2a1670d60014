export * from './amount.ts';
export * from './mask.ts';
export * from './money/decimal.ts';
export * from './time.ts';
export * from './ledger/book.ts';
export * from './ledger/posting.ts';
