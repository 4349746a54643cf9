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

interface Entry {
  /** When the lookup was started: the row it returns is at least this fresh. */
  readonly startedAt: number;
  readonly row: Promise<ReplicaCredential | null>;
}

/**
 * The replica reader with a short in-process memory of credential lookups by digest, so a busy
 * API key costs about one query per TTL instead of one per request. Unknown digests are
 * remembered exactly as long as known ones: a credential issued a moment ago is accepted at most
 * one TTL after it reached the replica. Only the row is cached; the verifier still checks
 * revocation, expiry (against its clock) and kind on every request.
 *
 * Freshness is counted from when the query started, not when it answered, and concurrent misses
 * share one query (they would all read the same row). Bounded: a Map kept in use order, the
 * least recently used digest is forgotten first. Users, grants and companies are read through.
 */
export class CachingAuthzReplicaReader extends AuthzReplicaReader {
  private readonly credentials = new Map<string, Entry>();

  constructor(
    private readonly inner: AuthzReplicaReader,
    private readonly options: CredentialCacheOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    super();
    if (!(options.ttlMs >= 0 && options.ttlMs <= CREDENTIAL_CACHE_MAX_TTL_MS) || !(options.maxEntries >= 1)) {
      throw new Error(`credential cache: ttlMs must be within 0..${CREDENTIAL_CACHE_MAX_TTL_MS} and maxEntries >= 1`);
    }
  }

  findCredentialByDigest(digest: string): Promise<ReplicaCredential | null> {
    if (this.options.ttlMs === 0) return this.inner.findCredentialByDigest(digest);
    const now = this.now();
    const cached = this.credentials.get(digest);
    if (cached) {
      this.credentials.delete(digest);
      // A clock that stepped back (now < startedAt) re-reads rather than trusting the entry.
      if (now >= cached.startedAt && now - cached.startedAt < this.options.ttlMs) {
        this.credentials.set(digest, cached);
        return cached.row;
      }
    }
    const entry: Entry = { startedAt: now, row: this.inner.findCredentialByDigest(digest) };
    this.credentials.set(digest, entry);
    if (this.credentials.size > this.options.maxEntries) {
      this.credentials.delete(this.credentials.keys().next().value as string);
    }
    // A failed lookup is not remembered: the next request asks again.
    entry.row.catch(() => {
      if (this.credentials.get(digest) === entry) this.credentials.delete(digest);
    });
    return entry.row;
  }

  findUser(id: string): Promise<ReplicaUser | null> {
    return this.inner.findUser(id);
  }

  isGrantRevoked(grantId: string): Promise<boolean> {
    return this.inner.isGrantRevoked(grantId);
  }

  findCompany(id: string): Promise<ReplicaCompany | null> {
    return this.inner.findCompany(id);
  }

  get size(): number {
    return this.credentials.size;
  }
}
