/** `npm run bench`: every benchmark, one after another (never part of npm test). */
process.env.TZ = 'UTC';
await import('./bundle.ts');
await import('./available.ts');
await import('./linear.ts');
await import('./lighthouse.ts');
export {};
