import path from 'node:path';

/**
 * The server package's folder (apps/server), from which its migrations and the web build are
 * found. This module sits directly in src/, as the bundle `npm start` runs sits directly in dist/
 * (`npm run build -w apps/server`): one level up is the package folder either way.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
