// One ESLint setup for the whole repository: TypeScript rules everywhere, React hooks rules in
// the dashboard, Prettier owning the formatting (eslint-config-prettier turns the clashing rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dashboard and the server never import each other's sources (one flat-config rule per file
// wins, so every no-restricted-imports below carries the one that applies).
const TO_BACKEND = { group: ['**/backend/**'], message: 'admin/src does not import the server: put what both need in @quire/shared.' };
const TO_ADMIN = { group: ['**/admin/**'], message: 'backend/src does not import the dashboard: put what both need in @quire/shared.' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'dist-fakes/',
      'data/',
      'data-demo/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'backend/drizzle/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No crossing: what both sides need lives in @quire/shared (packages/shared).
    files: ['backend/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TO_ADMIN] }] },
  },
  {
    files: ['admin/src/components/forms.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TO_BACKEND] }] },
  },
  {
    // Every form saves once at a time (spec §4): screens take the controllers from components/forms.
    files: ['admin/src/**/*.{ts,tsx}'],
    ignores: ['admin/src/components/forms.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [TO_BACKEND],
          paths: [
            {
              name: 'react-admin',
              importNames: ['Create', 'Edit', 'CreateBase', 'EditBase', 'SaveButton'],
              message: 'Use components/forms (Create, Edit, CreateBase, SubmitButton): they block a second submit while one is in flight.',
            },
          ],
        },
      ],
    },
  },
  // The training-data engines (crawler, parser, clustering) are plain TypeScript: no NestJS, no
  // database, no feature folder, so worker threads, benches and the dashboard can load them.
  ...[
    // common/user-facing-error.ts is plain TypeScript too: the crawler's failures are written for people.
    { files: ['backend/src/training-data/*.ts'], outside: '^\\.\\./(?!common/user-facing-error$)' },
    { files: ['backend/src/training-data/*/**/*.ts'], outside: '^\\.\\./\\.\\./(?!common/user-facing-error$)' },
  ].map(({ files, outside }) => ({
    files,
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            TO_ADMIN,
            { group: ['@nestjs/*', 'drizzle-orm', 'drizzle-orm/*', 'class-validator', 'class-transformer'], message: 'training-data is framework-free.' },
            { regex: outside, message: 'training-data imports only its own files (and common/user-facing-error).' },
          ],
        },
      ],
    },
  })),
  {
    // A snapshot belongs to its job (training_snapshots.job_id): training-snapshots reads what
    // training-jobs writes, never the other way round.
    files: ['backend/src/training-jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [TO_ADMIN, { group: ['**/training-snapshots/*'], message: 'training-jobs does not import training-snapshots.' }] },
      ],
    },
  },
  {
    // Tests read JSON answers and simulate vendors' JSON: `any` is the honest type there.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A focused test (`.only`, `fit`, `fdescribe`) would quietly skip the rest of its suite.
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.spec.cjs'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No focused tests: remove .only.',
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='only'][callee.object.type='MemberExpression'][callee.object.object.name=/^(test|describe)$/]",
          message: 'No focused tests: remove .only.',
        },
        { selector: 'CallExpression[callee.name=/^(fit|fdescribe)$/]', message: 'No focused tests: use it/describe.' },
      ],
    },
  },
  {
    files: ['**/*.spec.cjs'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
