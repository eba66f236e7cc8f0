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
    // Tables belong to their module: only its repository queries them (the others ask its
    // services or read ports). Tests may read any table to check what was written; identity's
    // auth.ts hands the tables to Better Auth's adapter, which is its repository.
    target: `${serverModules}/**/!(*.repository|*.test|auth).ts`,
    from: ['apps/server/src/db/schema.ts', 'apps/server/src/db/schema'],
    message:
      "Tables belong to their module's repository: query them there, and read another module's through its services or read port.",
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

/**
 * The web app's one-way imports (STYLE.md): app/ composes the features; a feature never imports
 * another (what two need is composed in app/ or lives in components/, hooks/ or lib/); that shared
 * code imports no feature and not the app; a feature does not import the app. One zone per
 * feature, from the directory listing, so a new feature is covered without editing this file.
 */
const webSrc = 'apps/web/src';
const featureNames = readdirSync(new URL(`${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...featureNames.map((name) => ({
    target: `${webSrc}/features/${name}`,
    from: `${webSrc}/features`,
    except: [`./${name}`],
    message:
      'Features do not import each other: compose them in app/, or move what both need to components/, hooks/ or lib/.',
  })),
  {
    target: [`${webSrc}/components`, `${webSrc}/hooks`, `${webSrc}/lib`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared code (components/, hooks/, lib/) imports no feature and not the app.',
  },
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'Features do not import the app: app/ composes them.',
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
    // Web app only (the zones above cover the server and the shared package).
    files: ['apps/web/**/*.{ts,tsx}'],
    settings: {
      // The rule judges only the imports the resolver can follow: TypeScript also accepts
      // `../x` for `../x.ts`, so the web's resolver tries the TypeScript extensions too.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.node'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
);
