import type { ReplicaCredential } from './authz-replica.reader';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import { CachingAuthzReplicaReader, CREDENTIAL_CACHE_MAX_TTL_MS } from './caching-replica.reader';

const row = (digest: string, change: Partial<ReplicaCredential> = {}): ReplicaCredential => ({
  digest,
  credentialId: `cred-${digest}`,
  kind: 'api_key',
  companyId: '42',
  userId: null,
  scopes: [],
  expiresAt: null,
  revokedAt: null,
  ...change,
});

function setup(ttlMs = 200, maxEntries = 100) {
  const inner = new FakeReplicaReader();
  let now = 1_000;
  const sut = new CachingAuthzReplicaReader(inner, { ttlMs, maxEntries }, () => now);
  return { sut, inner, advance: (ms: number) => (now += ms), setNow: (value: number) => (now = value) };
}

describe('CachingAuthzReplicaReader', () => {
  it('answers a repeated digest from memory within the TTL, and re-reads after it', async () => {
    const { sut, inner, advance } = setup(200);
    inner.credentials.set('d1', row('d1'));
    await expect(sut.findCredentialByDigest('d1')).resolves.toEqual(row('d1'));
    advance(199);
    await expect(sut.findCredentialByDigest('d1')).resolves.toEqual(row('d1'));
    expect(inner.lookups).toBe(1);
    advance(1);
    await sut.findCredentialByDigest('d1');
    expect(inner.lookups).toBe(2);
  });

  it('sees a revocation one TTL after it reached the replica, at the latest', async () => {
    const { sut, inner, advance } = setup(200);
    inner.credentials.set('d1', row('d1'));
    await sut.findCredentialByDigest('d1');
    inner.credentials.set('d1', row('d1', { revokedAt: new Date() }));
    advance(150);
    await expect(sut.findCredentialByDigest('d1')).resolves.toMatchObject({ revokedAt: null });
    advance(50);
    await expect(sut.findCredentialByDigest('d1')).resolves.toMatchObject({ revokedAt: expect.any(Date) });
  });

  it('remembers an unknown digest no longer than a known one', async () => {
    const { sut, inner, advance } = setup(200);
    await expect(sut.findCredentialByDigest('new')).resolves.toBeNull();
    inner.credentials.set('new', row('new'));
    advance(100);
    await expect(sut.findCredentialByDigest('new')).resolves.toBeNull();
    advance(100);
    await expect(sut.findCredentialByDigest('new')).resolves.toEqual(row('new'));
  });

  it('counts freshness from when the lookup started, and shares one lookup between concurrent misses', async () => {
    const { sut, inner, advance } = setup(200);
    inner.credentials.set('d1', row('d1'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = jest.spyOn(inner, 'findCredentialByDigest').mockImplementationOnce(async (digest) => {
      await gate;
      return inner.credentials.get(digest) ?? null;
    });
    const first = sut.findCredentialByDigest('d1');
    const second = sut.findCredentialByDigest('d1');
    advance(300); // the query answers late: its row is already older than the TTL
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([row('d1'), row('d1')]);
    expect(slow).toHaveBeenCalledTimes(1);
    await sut.findCredentialByDigest('d1');
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed lookup so the next request asks again', async () => {
    const { sut, inner } = setup(200);
    const failing = jest.spyOn(inner, 'findCredentialByDigest').mockRejectedValueOnce(new Error('connection lost'));
    await expect(sut.findCredentialByDigest('d1')).rejects.toThrow('connection lost');
    await expect(sut.findCredentialByDigest('d1')).resolves.toBeNull();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('is bounded: the least recently used digest is forgotten first', async () => {
    const { sut, inner } = setup(200, 2);
    await sut.findCredentialByDigest('a');
    await sut.findCredentialByDigest('b');
    await sut.findCredentialByDigest('a'); // a is now the most recently used
    await sut.findCredentialByDigest('c'); // evicts b
    expect(sut.size).toBe(2);
    const before = inner.lookups;
    await sut.findCredentialByDigest('a');
    expect(inner.lookups).toBe(before);
    await sut.findCredentialByDigest('b');
    expect(inner.lookups).toBe(before + 1);
  });

  it('re-reads when the clock steps back, and reads every time with a TTL of 0', async () => {
    const stepped = setup(200);
    await stepped.sut.findCredentialByDigest('d1');
    stepped.setNow(500);
    await stepped.sut.findCredentialByDigest('d1');
    expect(stepped.inner.lookups).toBe(2);

    const off = setup(0);
    await off.sut.findCredentialByDigest('d1');
    await off.sut.findCredentialByDigest('d1');
    expect(off.inner.lookups).toBe(2);
    expect(off.sut.size).toBe(0);
  });

  it('remembers users, grant revocations and companies for the same TTL, each kind on its own', async () => {
    const { sut, inner, advance } = setup(200);
    inner.addUser({ id: '7' });
    await sut.findUser('7');
    await sut.findUser('7');
    await sut.isGrantRevoked('g');
    await sut.isGrantRevoked('g');
    await sut.findCompany('42');
    await sut.findCompany('42');
    expect(inner.lookups).toBe(3);
    inner.revokedGrants.add('g');
    inner.addUser({ id: '7', status: 'Suspended' });
    await expect(sut.isGrantRevoked('g')).resolves.toBe(false);
    advance(200);
    await expect(sut.isGrantRevoked('g')).resolves.toBe(true);
    await expect(sut.findUser('7')).resolves.toMatchObject({ status: 'Suspended' });
    expect(inner.lookups).toBe(5);
  });

  it(`refuses a TTL above ${CREDENTIAL_CACHE_MAX_TTL_MS} ms (the 1 s revocation promise) and an empty bound`, () => {
    expect(
      () => new CachingAuthzReplicaReader(new FakeReplicaReader(), { ttlMs: CREDENTIAL_CACHE_MAX_TTL_MS + 1, maxEntries: 10 }),
    ).toThrow(/ttlMs/);
    expect(() => new CachingAuthzReplicaReader(new FakeReplicaReader(), { ttlMs: 100, maxEntries: 0 })).toThrow(/maxEntries/);
  });
});
