import type { DataSource } from 'typeorm';
import { CompanyReplicaEntity } from '../companies/company-replica.entity';
import { CredentialReplicaEntity } from '../credentials/credential-replica.entity';
import { RevokedGrantEntity } from '../credentials/revoked-grant.entity';
import { UserReplicaEntity } from '../users/user-replica.entity';

export type ReplicaUser = Pick<UserReplicaEntity, 'id' | 'companyId' | 'status' | 'permissions' | 'deletedAt'>;
export type ReplicaCredential = Pick<
  CredentialReplicaEntity,
  'digest' | 'credentialId' | 'kind' | 'companyId' | 'userId' | 'scopes' | 'expiresAt' | 'revokedAt'
>;
export type ReplicaCompany = Pick<CompanyReplicaEntity, 'id' | 'parentCompanyId'>;

/**
 * The port credential checks read through: the app's local replicas of users, credentials,
 * revoked grants and companies. An abstract class so it is also the Nest injection token;
 * unit tests pass a fake.
 */
export abstract class AuthzReplicaReader {
  abstract findUser(id: string): Promise<ReplicaUser | null>;
  abstract findCredentialByDigest(digest: string): Promise<ReplicaCredential | null>;
  abstract isGrantRevoked(grantId: string): Promise<boolean>;
  abstract findCompany(id: string): Promise<ReplicaCompany | null>;
}

const MAX_BIGINT = 9223372036854775807n;
/** A value a PostgreSQL bigint column can hold; anything else cannot match and must not reach SQL as a cast error. */
export const isBigintId = (id: string): boolean => /^[0-9]{1,19}$/.test(id) && BigInt(id) <= MAX_BIGINT;

/** The replicas in the app's own schema, through its TypeORM DataSource. */
export class TypeOrmAuthzReplicaReader extends AuthzReplicaReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findUser(id: string): Promise<ReplicaUser | null> {
    if (!isBigintId(id)) return null;
    return this.dataSource.getRepository(UserReplicaEntity).findOne({
      where: { id },
      select: { id: true, companyId: true, status: true, permissions: true, deletedAt: true },
    });
  }

  async findCredentialByDigest(digest: string): Promise<ReplicaCredential | null> {
    return this.dataSource.getRepository(CredentialReplicaEntity).findOne({ where: { digest } });
  }

  async isGrantRevoked(grantId: string): Promise<boolean> {
    return this.dataSource.getRepository(RevokedGrantEntity).exists({ where: { grantId } });
  }

  async findCompany(id: string): Promise<ReplicaCompany | null> {
    if (!isBigintId(id)) return null;
    return this.dataSource.getRepository(CompanyReplicaEntity).findOne({
      where: { id },
      select: { id: true, parentCompanyId: true },
    });
  }
}
