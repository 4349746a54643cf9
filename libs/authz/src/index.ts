// Guards for operator routes
export * from './internal/internal-token.guard';

// Replicas every app keeps (entities + event handlers)
export * from './companies/company-replica.entity';
export * from './companies/company-replica.handler';
export * from './users/user-replica.entity';
export * from './users/user-replica.handler';
export * from './credentials/credential-replica.entity';
export * from './credentials/revoked-grant.entity';
export * from './credentials/credential-replica.handler';
export { AUTHZ_ENTITIES } from './replicas/authz-replicas';
export * from './replicas/authz-replica.reader';
export * from './replicas/caching-replica.reader';

// Credential checks
export type { Principal } from './principal';
export * from './verification/authz.tokens';
export * from './verification/access-token.verifier';
export * from './verification/opaque-credential.verifier';
export * from './http/bearer.strategy';
export * from './http/bearer-auth.guard';
export * from './http/api-key.guard';
export * from './usage/credential-usage.recorder';
export * from './usage/credential-usage.outbox';

// Rate limits per credential and company (decision 0045)
export * from './rate-limits';

// Authorization
export * from './http/permission.guard';
export * from './http/authz.decorators';
export * from './scope/company-scope.service';
export * from './scope/company.query';
export * from './scope/acting-company.decorator';
export * from './authz.module';
