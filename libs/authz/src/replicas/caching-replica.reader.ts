import { FreshLookups } from './fresh-lookups';
import { AuthzReplicaReader, type ReplicaCompany, type ReplicaCredential, type ReplicaUser } from './authz-replica.reader';

/**
 * Credential rows are re-read at least this often. The promise of decision 0008 is "refused
 * everywhere within 1 s of the revocation"; the relay and consumer hop take about 150 ms, so a
 * cache of at most 250 ms keeps that with room to spare. Larger values are refused at start.
 */
export const CREDENTIAL_CACHE_MAX_TTL_MS = 250;
export const CREDENTIAL_CACHE_DEFAULT_TTL_MS = 200;
/** Digests remembered at once (an entry is ~300 bytes: a few MB at most). */
export const CREDENTIAL_CACHE_MAX_ENTRIES = 10_000;

export interface CredentialCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * The replica reader with a short in-process memory of its lookups — credentials by digest, users,
 * grant revocations, companies — so a busy API key or access token costs about one query per TTL
 * per row instead of one per request (for an access token, its user and its grant: two queries a
 * request before). Unknown rows are remembered exactly as long as known ones: a credential issued
 * a moment ago is accepted at most one TTL after it reached the replica, and a suspension, a
 * deletion or a revoked grant is refused at most one TTL after it did. Only rows are cached; the
 * verifiers still check revocation, expiry (against their clock), status and kind on every request.
 * Freshness and sharing as FreshLookups says; each kind of row bounded by `maxEntries` on its own.
 */
export class CachingAuthzReplicaReader extends AuthzReplicaReader {
  private readonly credentials: FreshLookups<ReplicaCredential | null>;
  private readonly users: FreshLookups<ReplicaUser | null>;
  private readonly grants: FreshLookups<boolean>;
  private readonly companies: FreshLookups<ReplicaCompany | null>;

  constructor(
    private readonly inner: AuthzReplicaReader,
    options: CredentialCacheOptions,
    now: () => number = () => performance.now(),
  ) {
    super();
    if (!(options.ttlMs >= 0 && options.ttlMs <= CREDENTIAL_CACHE_MAX_TTL_MS) || !(options.maxEntries >= 1)) {
      throw new Error(`credential cache: ttlMs must be within 0..${CREDENTIAL_CACHE_MAX_TTL_MS} and maxEntries >= 1`);
    }
    const lookups = <V>() => new FreshLookups<V>(options.ttlMs, options.maxEntries, now);
    this.credentials = lookups();
    this.users = lookups();
    this.grants = lookups();
    this.companies = lookups();
  }

  findCredentialByDigest(digest: string): Promise<ReplicaCredential | null> {
    return this.credentials.get(digest, () => this.inner.findCredentialByDigest(digest));
  }

  findUser(id: string): Promise<ReplicaUser | null> {
    return this.users.get(id, () => this.inner.findUser(id));
  }

  isGrantRevoked(grantId: string): Promise<boolean> {
    return this.grants.get(grantId, () => this.inner.isGrantRevoked(grantId));
  }

  findCompany(id: string): Promise<ReplicaCompany | null> {
    return this.companies.get(id, () => this.inner.findCompany(id));
  }

  /** Credential digests remembered now. */
  get size(): number {
    return this.credentials.size;
  }
}
