export * from './admin.ts';
export * from './auth.ts';
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './languages.ts';
export * from './settings.ts';
