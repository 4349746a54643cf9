// Two jest projects: `unit` (fast, no services) and `integration` (real PostgreSQL and Kafka,
// started once by libs/testing's global setup unless DATABASE_URL / KAFKA_BROKERS are set).
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths)
    .filter(([alias]) => alias.startsWith('@suite/'))
    .map(([alias, [target]]) => [`^${alias.replace('/', '\\/')}$`, `<rootDir>/${target}`]),
);

const transform = {
  '^.+\\.ts$': [
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
  ],
};

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
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
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
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
