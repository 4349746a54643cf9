export * from './webhook-secret';
export * from './webhook-signing';
