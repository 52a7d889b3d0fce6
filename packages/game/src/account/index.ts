export * from './account.ts';
export * from './legal.ts';
export * from './auth.ts';
export * from './mail.ts';
