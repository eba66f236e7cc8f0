import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The server's one-way imports (STYLE.md, ARCHITECTURE.md): modules talk through services, never
 * each other's repositories; repositories only query, so they import no service or cache;
 * services import nothing from plugins/ (Fastify's wiring); the shared package imports nothing
 * from the apps. One zone per module, from the directory listing,
 * so a new module is covered without editing this file. Paths are from this file's folder.
 */
const serverModules = 'apps/server/src/modules';
const moduleNames = readdirSync(new URL(serverModules, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = [
  ...moduleNames.map((name) => ({
    target: `${serverModules}/${name}/**`,
    from: moduleNames
      .filter((other) => other !== name)
      .map((other) => `${serverModules}/${other}/**/*.repository.ts`),
    message:
      "Modules talk through services: import the other module's *.service.ts, not its repository.",
  })),
  {
    target: `${serverModules}/**/*.repository.ts`,
    from: ['**/*.service.ts', '**/*cache*.ts'],
    message:
      'Repositories only query: they import no service and no cache (the service calls both).',
  },
  {
    target: `${serverModules}/**/*.service.ts`,
    from: ['apps/server/src/plugins'],
    message:
      'Services do not import plugins/: the caller and access control are modules/identity/caller.ts.',
  },
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'packages/shared imports nothing from the apps; move what both need into it.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    // import-x 4 ships no default resolver: without one, no-cycle crashes on the first import.
    settings: {
      'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [createNodeResolver()] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/first': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server and shared package only: a later block setting this rule for the same files would
    // replace these zones, not add to them.
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverZones },
      ],
    },
  },
  {
    files: ['bench/bare-react/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Features never import each other (STYLE.md): a feature reaches others only through app/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', '../../features/**'], message: 'Features do not import each other; compose them in app/.' }] },
      ],
    },
  },
  {
    // Shared code never imports features or the app.
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code does not import features or the app.' }] }],
    },
  },
);
