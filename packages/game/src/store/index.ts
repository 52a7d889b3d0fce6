export * from './generate.ts';
export * from './purchase.ts';
export * from './window.ts';
