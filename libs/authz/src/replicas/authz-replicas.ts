import { CompanyReplicaEntity } from '../companies/company-replica.entity';
import { CompanyReplicaHandler } from '../companies/company-replica.handler';
import { CredentialReplicaEntity } from '../credentials/credential-replica.entity';
import { CredentialReplicaHandler } from '../credentials/credential-replica.handler';
import { RevokedGrantEntity } from '../credentials/revoked-grant.entity';
import { UserReplicaEntity } from '../users/user-replica.entity';
import { UserReplicaHandler } from '../users/user-replica.handler';

/**
 * The replicas every app keeps so it can check credentials and company scope without calling
 * another app. Add the entities to the app's DataSource (and generate its migration);
 * AuthzModule registers the handlers, which EventingModule finds like any other. The platform
 * keeps them too, fed by its own events, so every app checks credentials the same way (its own
 * changes reach it after the same ~1 s relay hop).
 */
export const AUTHZ_ENTITIES = [CompanyReplicaEntity, UserReplicaEntity, CredentialReplicaEntity, RevokedGrantEntity];

/** Provided by AuthzModule (not exported: an app registers them by importing the module). */
export const AUTHZ_REPLICA_HANDLERS = [CompanyReplicaHandler, UserReplicaHandler, CredentialReplicaHandler];
