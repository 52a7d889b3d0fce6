import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noPatching from './eslint/no-dependency-patching.js';
import noPlayerText from './eslint/no-player-text.js';

/** Every web feature, read from its folder: a new feature is fenced in without an edit here. */
const webFeatures = readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may import whom (STYLE.md "The shape we want"). */
const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './packages/game',
          from: ['./apps', './e2e', './packages/contract'],
          message: 'The rules package knows nothing of the server or the web app.',
        },
        { target: './packages/contract', from: ['./apps', './e2e'], message: 'The API contract knows nothing of the server or the web app.' },
        { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
        { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
        { target: './apps/web/src/components', from: './apps/web/src/features', message: 'Shared components never import features.' },
        { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'Shared lib never imports features.' },
        ...webFeatures.map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
          message: 'Features do not import each other; compose them in app/.',
        })),
        // Issue 47: app/ composes the features, never the other way round.
        {
          target: './apps/web/src/features',
          from: './apps/web/src/app',
          message: 'Features never import app/: app/ composes them; move what both need into components/ or lib/.',
        },
        // The server's layers (docs/architecture.md): routes -> commands -> services -> db/queries.
        {
          target: './apps/server/src/commands',
          from: './apps/server/src/routes',
          message: 'Commands never import routes; move what both need into services/ or db/.',
        },
        {
          target: './apps/server/src/services',
          from: ['./apps/server/src/routes', './apps/server/src/commands'],
          message: 'Services never import routes or commands; move what both need into services/ or db/.',
        },
        {
          target: './apps/server/src/db',
          from: './apps/server/src',
          except: ['./db'],
          message: 'The database layer (schema, queries) imports only the database layer.',
        },
        {
          target: ['./apps/server/src/realtime', './apps/server/src/http', './apps/server/src/scheduler', './apps/server/src/mail'],
          from: ['./apps/server/src/routes', './apps/server/src/commands', './apps/server/src/services'],
          message: 'Infrastructure (realtime, http, scheduler, mail) never imports the layers built on it.',
        },
      ],
    },
  ],
  // Every cycle is a layering mistake waiting to happen (and an import-order bug at start-up).
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
  // The rules reach the apps only through the package's entry point.
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['@rpg/game/*', '@rpg/contract/*', '**/packages/game/**', '**/packages/contract/**'],
          message: "Import the rules from '@rpg/game' and the API shapes from '@rpg/contract'.",
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Resolves relative .ts imports, the workspaces' packages and the web app's '@/' alias, so the zones and no-cycle see every edge.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'], alias: { '@': [path.resolve(import.meta.dirname, 'apps/web/src')] } }),
      ],
      // no-cycle parses the files it follows: TypeScript ones too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...boundaries,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Use the seeded Rng.' }],
    },
  },
  // Dependencies as published (docs/security.md): no patches, private files or fields, Symbol.for; tests included.
  {
    plugins: { local: noPatching },
    rules: { 'local/no-dependency-patching': 'error' },
  },
  // Issue 47: a player's text has one home, @rpg/game (or @rpg/contract for what the web alone
  // shows); the server only imports it (eslint/no-player-text.js). commands/ and mail/ included:
  // the command table keeps each command's usage and help beside it (STYLE.md), which the rule
  // leaves alone. Not here: db/ (no texts), ops/ (the operator's command line) and the
  // development-only grants.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/ops/**', 'apps/server/src/routes/dev-grants.ts'],
    plugins: { texts: noPlayerText },
    rules: { 'texts/no-player-text': 'error' },
  },
  // The game's transactions run on a drizzle handle per pooled connection (db/transaction.ts).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Use the seeded Rng.' },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with transaction(db, body) from db/transaction.ts: its prepared queries are built once per connection.',
        },
      ],
    },
  },
  // Issue 47: every statement of the server lives in db/ (db/queries, the schema, the connection):
  // outside it no import of drizzle-orm (any subpath) or of the pg driver, not even of a type. A
  // layer above calls a function of db/queries, named for what it does.
  {
    name: 'server: SQL only in db/',
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'pg/*'],
              allowTypeImports: false,
              message: 'SQL lives in apps/server/src/db (issue 47): call a function of db/queries, named for what it does, with typed rows in and out.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', 'e2e/**', 'scripts/**', 'apps/server/test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
