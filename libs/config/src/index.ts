// An app's environment: the variables every app reads (BaseEnvironment), loading and validating them at boot,
// secrets kept out of logs, and the trusted-proxy list. Each app extends BaseEnvironment with its own class.
export * from './base-environment';
export * from './load-environment';
export * from './secret.decorator';
export * from './trusted-proxies';
