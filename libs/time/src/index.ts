// The one Clock code that decides by time reads, and the one backoff rule for retries.
export * from './backoff';
export * from './clock';
