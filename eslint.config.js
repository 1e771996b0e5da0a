// One type-aware linter for the whole repo. Besides style-neutral correctness rules it enforces
// DESIGN.md section 3: floating promises, no `any`, and the one-way import boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ours = (...names) =>
  names.map((n) => ({
    group: [`@aula/${n}`, `@aula/${n}/*`],
    message: `This package may not import @aula/${n} (DESIGN.md 3.4).`,
  }));
const drizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only apps/api/src/db and *.repo.ts may import drizzle (DESIGN.md 3.4).',
};
const otherApp = (app) => ({
  group: [`**/apps/${app}/**`, `@aula/${app}`, `@aula/${app}/*`],
  message: 'Apps never import each other (DESIGN.md 3.4).',
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'coverage/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract, with or without an await inside
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // DESIGN.md 3: no import cycles, and files stay small enough to read (split along use cases past 500 lines).
    // The TypeScript resolver follows each package's tsconfig and the workspace packages' exports, so a cycle
    // through `@aula/...` or a .tsx page is caught as well as a relative one.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', '{apps,packages}/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['warn', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // the message catalogues are one flat list of keys per language, kept side by side for translators; splitting
    // them by area would scatter each string's three languages further apart
    files: ['packages/i18n/src/locales/*.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...ours('api', 'dashboard', 'student', 'activity', 'i18n', 'web'), drizzle] },
      ],
    },
  },
  {
    files: ['packages/activity/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...ours('api', 'dashboard', 'student', 'i18n', 'web'), drizzle] },
      ],
    },
  },
  {
    files: ['packages/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...ours('api', 'dashboard', 'student', 'activity', 'web'), drizzle] },
      ],
    },
  },
  {
    // the client infrastructure both front ends share: domain rules and catalogues, never an app or the server
    files: ['packages/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours('api', 'dashboard', 'student', 'activity'),
            { group: ['**/apps/**'], message: 'Packages never import apps (DESIGN.md 3.4).' },
            drizzle,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/dashboard/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp('api'), otherApp('student'), drizzle] }] },
  },
  {
    files: ['apps/student/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp('api'), otherApp('dashboard'), drizzle] }] },
  },
  {
    files: ['apps/api/**'],
    ignores: ['apps/api/src/db/**', 'apps/api/**/*.repo.ts', 'apps/api/drizzle.config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp('dashboard'), otherApp('student'), drizzle] }] },
  },
  {
    // the renderer's tests load the real catalogues, as the apps do
    files: ['packages/activity/test/**', 'packages/activity/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...ours('api', 'dashboard', 'student', 'web'), drizzle] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'apps/api/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // tests read JSON bodies (typed any) and assert on them
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
