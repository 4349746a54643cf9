// Two jest projects: `unit` (fast, no services) and `integration` (real PostgreSQL and Kafka,
// started once by libs/testing's global setup unless DATABASE_URL / KAFKA_BROKERS are set).
const { availableParallelism } = require('node:os');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths)
    .filter(([alias]) => alias.startsWith('@suite/'))
    .map(([alias, [target]]) => [`^${alias.replace('/', '\\/')}$`, `<rootDir>/${target}`]),
);

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// @octokit/webhooks-methods (a devDependency: the docs' receiver snippets and the signing specs verify
// with it) ships ESM only, under an `import`-only export jest's CommonJS resolver cannot pick. Map it to
// its file and let swc compile that one package to CommonJS like our own code; everything else in
// node_modules stays untransformed. tsconfig.base.json points the type checker at its types.
const ESM_ONLY = '@octokit/webhooks-methods';
const transform = { '^.+\\.ts$': swc, [`/node_modules/${ESM_ONLY}/.+\\.js$`]: swc };
const esmOnlyMapper = { [`^${ESM_ONLY}$`]: `<rootDir>/node_modules/${ESM_ONLY}/dist-node/index.js` };

const common = {
  rootDir: __dirname,
  // jest's node environment, holding the lock that lets a few specs run alone (decision 0063).
  testEnvironment: '<rootDir>/libs/testing/src/setup/run-alone-environment.ts',
  transform,
  moduleNameMapper: { ...moduleNameMapper, ...esmOnlyMapper },
  transformIgnorePatterns: [`/node_modules/(?!${ESM_ONLY}/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  roots: [
    '<rootDir>/apps',
    '<rootDir>/libs',
    '<rootDir>/tools',
    '<rootDir>/e2e',
    '<rootDir>/k8s',
    '<rootDir>/docker',
    '<rootDir>/docs',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // Integration specs spend most of their time waiting on PostgreSQL, Kafka, Prism and the processes
  // they start, so jest's default on a 2-core machine (cores − 1: one worker) leaves a core idle and
  // the whole run took 44 min there; two workers ran the same 339 files in 17 (docs/decisions/0063).
  // The few specs that measure a wall-clock bound run alone (libs/testing/src/setup/run-alone-environment.ts).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/setup/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/setup/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/setup/integration-timeout.ts'],
    },
  ],
};
