import {
  AuthzReplicaReader,
  type ReplicaCompany,
  type ReplicaCredential,
  type ReplicaUser,
} from '../replicas/authz-replica.reader';

/** In-memory AuthzReplicaReader for unit tests; counts lookups so tests can prove "no lookup". */
export class FakeReplicaReader extends AuthzReplicaReader {
  readonly users = new Map<string, ReplicaUser>();
  readonly credentials = new Map<string, ReplicaCredential>();
  readonly revokedGrants = new Set<string>();
  readonly companies = new Map<string, ReplicaCompany>();
  lookups = 0;

  async findUser(id: string): Promise<ReplicaUser | null> {
    this.lookups++;
    return this.users.get(id) ?? null;
  }

  async findCredentialByDigest(digest: string): Promise<ReplicaCredential | null> {
    this.lookups++;
    return this.credentials.get(digest) ?? null;
  }

  async isGrantRevoked(grantId: string): Promise<boolean> {
    this.lookups++;
    return this.revokedGrants.has(grantId);
  }

  async findCompany(id: string): Promise<ReplicaCompany | null> {
    this.lookups++;
    return this.companies.get(id) ?? null;
  }

  addUser(user: Partial<ReplicaUser> & { id: string }): this {
    this.users.set(user.id, { companyId: '1', status: 'Active', permissions: [], deletedAt: null, ...user });
    return this;
  }
}
