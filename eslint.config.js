import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Who may import whom (STYLE.md "The shape we want"). */
const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './packages/game', from: ['./apps', './e2e', './packages/contract'], message: 'The rules package knows nothing of the server or the web app.' },
        { target: './packages/contract', from: ['./apps', './e2e'], message: 'The API contract knows nothing of the server or the web app.' },
        { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
        { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
        { target: './apps/web/src/components', from: './apps/web/src/features', message: 'Shared components never import features.' },
        { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'Shared lib never imports features.' },
        ...['auth', 'characters', 'adventure', 'items', 'store', 'casino', 'crafting', 'settings', 'landing', 'realtime', 'profile'].map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
          message: 'Features do not import each other; compose them in app/.',
        })),
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
    rules: {
      ...boundaries,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Use the seeded Rng.' }],
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
