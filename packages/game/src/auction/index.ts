export * from './buy.ts';
export * from './cancel.ts';
export * from './create.ts';
export * from './expiry.ts';
export * from './fee.ts';
export * from './listing.ts';
