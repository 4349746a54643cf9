export * from './rate-limit-policy';
export * from './rate-limit-bucket.entity';
export * from './rate-limit.store';
export * from './rate-limiter';
export * from './rate-limit.decorators';
export * from './rate-limit.guard';
export * from './token-bucket-leases';
