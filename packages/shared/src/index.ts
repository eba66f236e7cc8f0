export * from './texts.ts';
export * from './validation.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './api.ts';
export * from './booking.ts';
export * from './admin.ts';
export * from './payment.ts';
