export * from './names.ts';
export * from './defaultUsername.ts';
