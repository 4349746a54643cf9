// An app's environment: the variables every app reads (BaseEnvironment), loading and validating them at boot,
// secrets kept out of logs, and the trusted-proxy list. Each app composes its environment from BaseEnvironment
// and the slices its features declare (composeEnvironment, decision 0062).
export * from './base-environment';
export * from './environment-slices';
export * from './load-environment';
export * from './secret.decorator';
export * from './trusted-proxies';
