import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const APP_INDEXES = ['@suite/messaging-app', '@suite/auth-app', '@suite/platform-app', '@suite/webhook-dispatch-app'];

export default [
  { ignores: ['**/node_modules/**', 'dist/**', '.data/**', '.nx/**', 'coverage/**', 'tools/build.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      // The service boundaries: apps import libs, never each other; libs never import apps.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    // The launcher, migration tools and cross-app proof tests are the only code that may
    // assemble apps; they reach them through the apps' public index (`@suite/<app>-app`), and
    // the proof tests also through an app's test harness (`@suite/<app>-app/testing`).
    files: ['tools/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: APP_INDEXES,
          depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [...APP_INDEXES, '@suite/auth-app/testing'],
          depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.integration-spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Prettier lays code out at 130 columns (.prettierrc.json; `npm run lint` runs prettier --check);
    // what it cannot break — a comment, a long identifier chain — still stops at 140. Strings,
    // templates and regular expressions are read whole, and generated migrations are left as made.
    files: ['**/*.ts', '**/*.mjs'],
    ignores: ['**/database/migrations/**'],
    rules: {
      'max-len': [
        'error',
        { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
];
