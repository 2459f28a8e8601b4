// Lint: typescript-eslint's type-checked rules (no floating or misused promises, no
// awaiting non-promises, …) and React's hook rules. `npm run lint` runs it with Prettier.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.d.ts', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // antd's <App> holder is loaded with the first feedback (docs/design.md, "Login page
      // weight"): App.useApp() elsewhere would find no holder.
      'no-restricted-imports': ['error', { paths: [{ name: 'antd', importNames: ['App'], message: 'Use feedback (web/src/app/feedback.tsx).' }] }],
    },
  },
  {
    files: ['web/src/app/feedbackHost.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tenancy by construction (docs/design.md, "Tenancy"): SQL lives in repositories
    // (`*repo.ts`), whose tenant functions are reached only through `forCompany`. Migrations,
    // the demo seed and the cross-company purge are the exceptions.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*repo.ts', 'server/src/db/migrations/**', 'server/src/db/seed/**', 'server/src/modules/maintenance/purge.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in a repository (*repo.ts) reached through forCompany(db, companyId).',
        },
      ],
    },
  },
  {
    // Migrations must not depend on the app's schema type (they describe every past
    // schema), so they take Kysely<any>, as Kysely's migration guide does.
    files: ['server/src/db/migrations/**', 'server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read reply bodies as loose JSON on purpose; their assertions check the shapes.
    files: ['server/test/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
