import nx from '@nx/eslint-plugin';
import path from 'node:path';
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

/** Calls that reach the database around the scoped store, on whatever object: a repository, manager, runner or pg client. */
const RAW_CALLS = '/^(getRepository|query|createQueryBuilder)$/';

/**
 * App files that may talk to the database around the company-scoped store (decision 0056), each
 * with why. Migrations, specs and test harnesses are outside the rule altogether.
 */
const RAW_DATABASE_ALLOWED = [
  {
    reason: 'tables of no company: signing keys, login throttles, redeemed login choices, the schema grants a migration makes',
    files: [
      'apps/auth/src/signing-keys/signing-keys.service.ts',
      'apps/auth/src/login-users/login-throttle.service.ts',
      'apps/auth/src/authorization/login-choice-redemptions.ts',
      'apps/platform/src/database/grant-to-admin-roles.ts',
    ],
  },
  {
    reason:
      'cross-tenant lookups by nature: a login by email before any company is known, a client by its client_id, a code, ' +
      'refresh token or grant by its own id or digest, a credential by its id from an event, a login user replicated from one',
    files: [
      'apps/auth/src/login-users/login-users.service.ts',
      'apps/auth/src/login-users/login-user-replica.handler.ts',
      'apps/auth/src/oauth-clients/oauth-clients.service.ts',
      'apps/auth/src/grants/grants.service.ts',
      'apps/auth/src/tokens/tokens.service.ts',
      'apps/auth/src/authorization/authorization.service.ts',
      'apps/auth/src/login-as/token-exchange.service.ts',
      'apps/auth/src/credential-usage/credential-usage.handler.ts',
    ],
  },
  {
    reason:
      'cross-tenant lookups by nature: an inbound text found by our carrier number, a callback or receipt by the provider id, ' +
      "a status change by the message id, a list by its id (another company's list is told from one not yet replicated), " +
      'an email send by the id its job carries (the job names the send, not its company; its UPDATE … RETURNING reads the company)',
    files: [
      'apps/messaging/src/inbound/**',
      'apps/messaging/src/email/dispatch/email-dispatch.store.ts',
      'apps/messaging/src/callbacks/**',
      'apps/messaging/src/messages/message-status-change.ts',
      'apps/platform/src/voice/calls/call-lifecycle.service.ts',
      'apps/webhook-dispatch/src/crm-lists/list-ownership.ts',
    ],
  },
  {
    reason:
      'work across every company by design: the release scheduler claims due texts of all companies and opens and settles their ' +
      "hand-offs in one statement a batch, the retention purge deletes old attempts of all, the webhook worker's claimed deliveries " +
      '(of any companies) begin, settle and fan out in one prepared statement a batch, each row narrowed by its company or ' +
      'reached by the id of a row found so',
    files: [
      'apps/messaging/src/release-scheduler/**',
      'apps/messaging/src/hand-offs/hand-off-records.ts',
      'apps/webhook-dispatch/src/deliveries/attempts-retention.ts',
      'apps/webhook-dispatch/src/deliveries/attempt-log.ts',
      'apps/webhook-dispatch/src/deliveries/webhook-deliveries.store.ts',
    ],
  },
  {
    reason: 'the export cursor: a pg-query-stream on a dedicated client, over SQL the scoped rowsOf builder wrote',
    files: ['apps/platform/src/reporting/call-history/call-history-export.service.ts'],
  },
  {
    reason:
      'tables without a company id reached through a parent found in the company first (team and list members, a run found ' +
      "in its job's company: its failed step logged with ON CONFLICT DO NOTHING): grouped counts and bulk writes",
    files: [
      'apps/platform/src/directory/teams/teams.service.ts',
      'apps/platform/src/crm/lists/lists.service.ts',
      'apps/platform/src/workflows/engine/steps/step-failures.ts',
    ],
  },
  {
    reason:
      "cross-company by design, messaging's send path (group commit, decisions 0016 and 0019): a batch gathers the sends of " +
      'every company that arrived together and writes their contacts, sender pins, texts and events in one prepared statement; ' +
      'each row carries its own company, and queueIn checks a caller-given message id against every company (the key is global); ' +
      "the contacts it locks or creates and the sender pins it writes are the batch's, of every company",
    files: [
      'apps/messaging/src/contacts/contacts.service.ts',
      'apps/messaging/src/sender-numbers/sender-pinning.service.ts',
      'apps/messaging/src/messages/send-message.service.ts',
      'apps/messaging/src/messages/send-batch.writer.ts',
      'apps/messaging/src/messages/outbound-message.insert.ts',
    ],
  },
  {
    reason:
      "cross-company by design, the workflow engine's step batches (group commit): the step jobs a worker claims together " +
      "belong to any companies and are taken in one transaction; the log rows they add and the waits' log rows they complete " +
      '(no company id) are written in one prepared statement each for all of them',
    files: ['apps/platform/src/workflows/engine/steps/step-writes.store.ts'],
  },
  {
    reason:
      "company data kept off the scoped store (decision 0056): personal access tokens are found by their user, and the caller's " +
      "company would hide a token whose company differs from the user's current one; no other file joins this entry",
    files: ['apps/auth/src/personal-access-tokens/personal-access-tokens.service.ts'],
  },
];

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

/**
 * Platform's bounded contexts (decision 0059), lowest first: a context imports only those before it
 * in this list, and only through their index.ts; the floor under them (config, shared, ids,
 * database) imports no context. The composition above them (app.module, platform.app,
 * platform-environment — the environment composed from the contexts' slices, decision 0062 —
 * erasure, testing) may import any, through its index. Specs keep the index and the order, and a spec of the
 * floor may import a context's index.
 */
const PLATFORM_SRC = 'apps/platform/src';
const PLATFORM_CONTEXTS = ['directory', 'crm', 'voice', 'workflows', 'reporting'];
const PLATFORM_FLOOR = ['config', 'shared', 'ids', 'database'];

const platformContexts = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      inside: "Another context is reached only through its index: import from '{{index}}'.",
      upward: 'The {{from}} context does not import {{to}}: contexts import only those below them ({{order}}).',
      floor: '{{from}}/ lies under the contexts and imports none of them ({{to}}).',
    },
  },
  create(context) {
    const file = path.relative(process.cwd(), context.filename).split(path.sep).join('/');
    if (!file.startsWith(PLATFORM_SRC + '/')) return {};
    const top = (p) => p.slice(PLATFORM_SRC.length + 1).split('/');
    const [fromRoom, ...fromRest] = top(file);
    const fromContext = fromRest.length > 0 && PLATFORM_CONTEXTS.includes(fromRoom) ? fromRoom : null;
    // A spec of the floor may bring up what stands on it (a migration's spec).
    const isSpec = /\.(integration-)?spec\.ts$/.test(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      if (!target.startsWith(PLATFORM_SRC + '/')) return;
      const [room, ...rest] = top(target);
      if (!PLATFORM_CONTEXTS.includes(room) || room === fromContext) return;
      if (PLATFORM_FLOOR.includes(fromRoom) && !isSpec) {
        context.report({ node: node.source, messageId: 'floor', data: { from: fromRoom, to: room } });
      } else if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) {
        const index = path.posix.relative(path.posix.dirname(file), `${PLATFORM_SRC}/${room}`);
        context.report({ node: node.source, messageId: 'inside', data: { index: index.startsWith('.') ? index : './' + index } });
      }
      if (fromContext && PLATFORM_CONTEXTS.indexOf(room) > PLATFORM_CONTEXTS.indexOf(fromContext)) {
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from: fromContext, to: room, order: PLATFORM_CONTEXTS.join(' < ') },
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const LOCAL_PLUGIN = { rules: { 'hard-line-limit': hardLineLimit, 'platform-contexts': platformContexts } };

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
    // Tenancy by construction in every app (decisions 0025, 0056): tenant tables only through the
    // company-scoped store (libs/database tenancy/: CompanyScopedRepository, CompanyScopedSql), which
    // cannot query without the company id; other tables through unscopedRepository, which refuses
    // tenant entities. Whatever would go around them — a TypeORM DataSource's, EntityManager's,
    // Repository's or QueryRunner's own calls, a pg client's query — stops here, but in the files of
    // RAW_DATABASE_ALLOWED, each there for a reason named with it. A prepared statement
    // (PreparedStatement, StatementBuilder) is raw SQL like any other.
    files: ['apps/*/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      '**/*.integration-spec.ts',
      'apps/*/src/**/testing/**',
      '**/database/migrations/**',
      ...RAW_DATABASE_ALLOWED.flatMap((entry) => entry.files),
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `CallExpression[callee.property.name=${RAW_CALLS}]`,
          `CallExpression[callee.object.name=/^(manager|dataSource)$/][callee.property.name=${UNSCOPED_CALLS}]`,
          `CallExpression[callee.object.property.name=/^(manager|dataSource)$/][callee.property.name=${UNSCOPED_CALLS}]`,
          "Decorator > CallExpression[callee.name='InjectRepository']",
          // A prepared statement runs its own SQL on the runner's connection: raw, whatever it is built with.
          'NewExpression[callee.name=/^(PreparedStatement|StatementBuilder)$/]',
          "CallExpression[callee.object.name='StatementBuilder']",
        ].map((selector) => ({
          selector,
          message:
            'Tenant data goes through CompanyScopedRepository.of(source, Entity, companyId) or CompanyScopedSql.of(source, companyId); ' +
            'a table without a company id through unscopedRepository (libs/database). Anything else is on RAW_DATABASE_ALLOWED, with its reason.',
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
    plugins: { local: LOCAL_PLUGIN },
    rules: { 'local/hard-line-limit': 'error' },
  },
  {
    // Platform's bounded contexts (platformContexts above; decision 0059), specs included.
    files: ['apps/platform/src/**/*.ts'],
    plugins: { local: LOCAL_PLUGIN },
    rules: { 'local/platform-contexts': 'error' },
  },
];
