import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const APP_INDEXES = ['@suite/messaging-app', '@suite/auth-app', '@suite/platform-app', '@suite/webhook-dispatch-app'];

/** EntityManager and DataSource methods that read or write a table without any scope. */
const UNSCOPED_CALLS =
  '/^(query|createQueryBuilder|find|findBy|findOne|findOneBy|findAndCount|count|exists|' +
  'update|delete|insert|save|upsert|remove|softDelete|increment|decrement)$/';

/**
 * Queues are defined with `@JobHandler` on a provider and registered by JobsModule's discovery
 * (decision 0054), so that the start-up check sees every one. A hand-made `jobs.register(…)`
 * outside libs/jobs — on `jobs`, `this.jobs`, `options.jobs()`… — is refused.
 */
const JOBS_REGISTER = {
  selector:
    "CallExpression[callee.property.name='register']:matches(" +
    "[callee.object.name=/^jobs$|Jobs$|^runtime$/], [callee.object.property.name=/^jobs$|Jobs$/], [callee.object.callee.property.name='jobs'])",
  message: 'Jobs are not registered by hand: mark the provider method that builds the queue with @JobHandler(name) (libs/jobs).',
};

/** No line of source is longer than this, whatever it holds. */
const HARD_LINE_LIMIT = 160;

/**
 * `max-len` can be configured only once, and ours (the last block) reads strings, templates and
 * regular expressions whole, so that Prettier's layout is not fought over them. That let lines of
 * 200 and 300 characters through. This rule is the hard stop behind it: every line — strings,
 * templates and comments included — ends by column 160. Counted in code points, as max-len does.
 */
const hardLineLimit = {
  meta: {
    type: 'layout',
    schema: [],
    messages: {
      tooLong: 'This line is {{length}} characters long; no line may exceed {{limit}} (split the string, comment or statement).',
    },
  },
  create(context) {
    return {
      Program() {
        context.sourceCode.lines.forEach((text, index) => {
          const length = [...text].length;
          if (length <= HARD_LINE_LIMIT) return;
          context.report({
            loc: { start: { line: index + 1, column: HARD_LINE_LIMIT }, end: { line: index + 1, column: text.length } },
            messageId: 'tooLong',
            data: { length, limit: HARD_LINE_LIMIT },
          });
        });
      },
    };
  },
};

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
          allow: [
            ...APP_INDEXES,
            '@suite/auth-app/testing',
            '@suite/messaging-app/testing',
            '@suite/platform-app/testing',
            '@suite/webhook-dispatch-app/testing',
          ],
          depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['*'] }],
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    ignores: ['libs/jobs/**'],
    rules: { 'no-restricted-syntax': ['error', JOBS_REGISTER] },
  },
  {
    // Tenant scoping is a type rule in the platform (decision 0025): tenant tables only through
    // CompanyScopedRepository (libs/runtime), which cannot query without the company id; other
    // tables through unscopedRepository, which refuses tenant entities. What would go around both —
    // TypeORM's own repositories and raw queries on a DataSource or EntityManager — stops here.
    files: ['apps/platform/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.integration-spec.ts', 'apps/platform/src/testing/**', '**/database/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='getRepository']",
          `CallExpression[callee.object.name=/^(manager|dataSource)$/][callee.property.name=${UNSCOPED_CALLS}]`,
          `CallExpression[callee.object.property.name=/^(manager|dataSource)$/][callee.property.name=${UNSCOPED_CALLS}]`,
          "Decorator > CallExpression[callee.name='InjectRepository']",
        ].map((selector) => ({
          selector,
          message:
            'Tenant data goes through CompanyScopedRepository.of(source, Entity, companyId); ' +
            'a table without a company id through unscopedRepository (libs/runtime).',
        })),
        // Restated: this block's no-restricted-syntax replaces the one above for these files.
        JOBS_REGISTER,
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
  {
    // The hard limit (hardLineLimit above): every .ts, .mjs and .js file but generated migrations.
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    ignores: ['**/database/migrations/**'],
    plugins: { local: { rules: { 'hard-line-limit': hardLineLimit } } },
    rules: { 'local/hard-line-limit': 'error' },
  },
];
