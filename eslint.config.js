import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './tools/eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/server/src/db/migrations/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config/env.ts (parsed once with zod).',
        },
      ],
    },
  },
  ...boundariesConfig,
  {
    // eslint-import-resolver files are loaded with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}', 'apps/admin/**/*.{ts,tsx,js}', 'packages/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue 21, ADR 0061: a write goes through @yance/browser/use-write (a double click sends once, one idempotency key per intent).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'packages/browser/src/**/*.{ts,tsx}'],
    ignores: ['packages/browser/src/use-write.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Send writes with useWrite from @yance/browser/use-write (one request per intent, idempotency key).',
            },
          ],
        },
      ],
    },
  },
  {
    // Entry points and tooling may read the environment directly.
    files: [
      'apps/server/src/config/env.ts',
      'apps/web/vite.config.ts',
      'apps/admin/vite.config.ts',
      'e2e/**',
      'scripts/**',
      'tools/**',
      '**/*.config.ts',
      'apps/server/test/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // ADR 0019: e2e waits for a condition (an element, a response, a URL, the clock passing a moment), never a while.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleeps in e2e (ADR 0019): wait for what the sleep stood for (an element, a response, a URL, a polled state).',
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          message: 'No fixed sleeps in e2e (ADR 0019): poll the condition with expect.poll, or wait for a moment with support/clock.ts.',
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.property.name='setTimeout'][arguments.0.type='Identifier']",
          message: 'No fixed sleeps in e2e (ADR 0019): poll the condition with expect.poll, or wait for a moment with support/clock.ts.',
        },
        {
          selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
          message: 'No fixed sleeps in e2e (ADR 0019): timers/promises is a sleep; wait for a condition instead.',
        },
      ],
    },
  },
);
