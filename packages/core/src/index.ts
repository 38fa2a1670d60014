export * from './amount.ts';
export * from './mask.ts';
export * from './time.ts';
