import { credentialDigest, generateOpaqueCredential, type OpaqueCredentialKind } from '@suite/contracts';
import type { ReplicaCredential } from '../replicas/authz-replica.reader';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import type { CredentialUsageRecorder } from '../usage/credential-usage.recorder';
import { OpaqueCredentialVerifier } from './opaque-credential.verifier';

const NOW = new Date('2030-01-01T12:00:00Z');

function setup() {
  const reader = new FakeReplicaReader().addUser({ id: '7', companyId: '42', permissions: ['view-users'] });
  const usage = { record: jest.fn() };
  const sut = new OpaqueCredentialVerifier(reader, { now: () => NOW }, usage as unknown as CredentialUsageRecorder);
  const issue = (kind: OpaqueCredentialKind, change: Partial<ReplicaCredential> = {}) => {
    const value = generateOpaqueCredential(kind);
    reader.credentials.set(credentialDigest(value), {
      digest: credentialDigest(value),
      credentialId: `cred-${reader.credentials.size + 1}`,
      kind,
      companyId: '42',
      userId: kind === 'api_key' ? null : '7',
      scopes: kind === 'api_key' ? [] : ['view-users'],
      expiresAt: null,
      revokedAt: null,
      ...change,
    });
    return value;
  };
  return { sut, mocks: { reader, usage }, issue };
}

const refusal = (message: string | RegExp) =>
  expect.objectContaining({ kind: 'unauthenticated', message: expect.stringMatching(message) });

describe('OpaqueCredentialVerifier', () => {
  it('accepts a live personal access token and a live API key', async () => {
    const { sut, issue } = setup();
    await expect(sut.verify(issue('personal_access_token'), 'personal_access_token')).resolves.toEqual({
      via: 'personal_access_token',
      companyId: '42',
      userId: '7',
      scopes: ['view-users'],
      credentialId: 'cred-1',
    });
    await expect(sut.verify(issue('api_key'), 'api_key')).resolves.toEqual({
      via: 'api_key',
      companyId: '42',
      userId: null,
      scopes: [],
      credentialId: 'cred-2',
    });
  });

  it('reports each accepted credential to the usage recorder, and no refused one', async () => {
    const { sut, mocks, issue } = setup();
    await sut.verify(issue('personal_access_token'), 'personal_access_token');
    await sut.verify(issue('api_key'), 'api_key');
    await expect(sut.verify(issue('api_key', { revokedAt: NOW }), 'api_key')).rejects.toEqual(refusal(/revoked/));
    await expect(sut.verify(issue('api_key'), 'personal_access_token')).rejects.toEqual(refusal(/x-api-key/));
    expect(mocks.usage.record.mock.calls).toEqual([
      [{ credentialId: 'cred-1', kind: 'personal_access_token', companyId: '42' }],
      [{ credentialId: 'cred-2', kind: 'api_key', companyId: '42' }],
    ]);
  });

  it('checks credentials without a usage recorder (an app without eventing)', async () => {
    const { mocks, issue } = setup();
    const bare = new OpaqueCredentialVerifier(mocks.reader, { now: () => NOW });
    await expect(bare.verify(issue('api_key'), 'api_key')).resolves.toMatchObject({ via: 'api_key' });
  });

  it('refuses a malformed value without any lookup', async () => {
    const { sut, mocks, issue } = setup();
    const pat = issue('personal_access_token');
    const flipped = pat.slice(0, 12) + (pat[12] === 'a' ? 'b' : 'a') + pat.slice(13);
    await expect(sut.verify(flipped, 'personal_access_token')).rejects.toEqual(refusal('The token is malformed.'));
    await expect(sut.verify('suite_pat_short', 'personal_access_token')).rejects.toEqual(refusal(/malformed/));
    await expect(sut.verify('not even close', 'api_key')).rejects.toEqual(refusal('The API key is malformed.'));
    expect(mocks.reader.lookups).toBe(0);
  });

  it('refuses a credential of the other kind without any lookup', async () => {
    const { sut, mocks, issue } = setup();
    await expect(sut.verify(issue('api_key'), 'personal_access_token')).rejects.toEqual(refusal(/x-api-key/));
    await expect(sut.verify(issue('personal_access_token'), 'api_key')).rejects.toEqual(refusal(/Bearer/));
    expect(mocks.reader.lookups).toBe(0);
  });

  it('refuses a well-formed value nobody issued', async () => {
    const { sut } = setup();
    await expect(sut.verify(generateOpaqueCredential('personal_access_token'), 'personal_access_token')).rejects.toEqual(
      refusal('The token is not valid.'),
    );
  });

  it('refuses a revoked credential', async () => {
    const { sut, issue } = setup();
    const revokedAt = new Date('2029-12-31T00:00:00Z');
    await expect(sut.verify(issue('personal_access_token', { revokedAt }), 'personal_access_token')).rejects.toEqual(
      refusal('The token was revoked.'),
    );
    await expect(sut.verify(issue('api_key', { revokedAt }), 'api_key')).rejects.toEqual(refusal('The API key was revoked.'));
  });

  it('refuses an expired credential, from its expiry instant on', async () => {
    const { sut, issue } = setup();
    await expect(sut.verify(issue('personal_access_token', { expiresAt: NOW }), 'personal_access_token')).rejects.toEqual(
      refusal('The token has expired.'),
    );
    const later = new Date(NOW.getTime() + 1000);
    await expect(
      sut.verify(issue('personal_access_token', { expiresAt: later }), 'personal_access_token'),
    ).resolves.toMatchObject({
      userId: '7',
    });
  });

  it.each([
    ['suspended', { status: 'Suspended' as const }, /not active/],
    ['deleted', { deletedAt: new Date('2029-12-31T00:00:00Z') }, /deleted/],
  ])('refuses the personal access token of a %s user', async (_label, change, message) => {
    const { sut, mocks, issue } = setup();
    mocks.reader.addUser({ id: '7', companyId: '42', ...change });
    await expect(sut.verify(issue('personal_access_token'), 'personal_access_token')).rejects.toEqual(refusal(message));
  });
});
