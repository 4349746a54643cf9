import { EVENT_DEFINITIONS, validatePayload } from '@suite/contracts';
import { credentialIssued, credentialRevoked, isCredentialId } from './credential-events';

describe('credential events', () => {
  const createdAt = new Date('2030-01-01T00:00:00Z');

  it('credential.issued carries the digest, never a secret, and satisfies the contract for both kinds', () => {
    const pat = credentialIssued({
      id: '6f9619ff-8b86-4d11-b42d-00c04fc964ff',
      kind: 'personal_access_token',
      companyId: '42',
      userId: '7',
      name: 'CI',
      digest: 'a'.repeat(64),
      scopes: ['*'],
      expiresAt: new Date('2031-01-01T00:00:00Z'),
      createdAt,
    });
    expect(pat.topic).toBe('auth.credential.v1');
    expect(pat.envelope).toMatchObject({
      type: 'credential.issued',
      subject: '6f9619ff-8b86-4d11-b42d-00c04fc964ff',
      company_id: '42',
    });
    expect(pat.envelope.data).toEqual({
      credential_id: '6f9619ff-8b86-4d11-b42d-00c04fc964ff',
      kind: 'personal_access_token',
      company_id: '42',
      user_id: '7',
      name: 'CI',
      digest: 'a'.repeat(64),
      scopes: ['*'],
      expires_at: '2031-01-01T00:00:00.000Z',
      created_at: '2030-01-01T00:00:00.000Z',
    });
    expect(validatePayload(EVENT_DEFINITIONS['credential.issued'].schema, pat.envelope.data)).toEqual([]);

    const key = credentialIssued({
      id: 'k',
      kind: 'api_key',
      companyId: '42',
      userId: null,
      name: 'k',
      digest: 'b'.repeat(64),
      scopes: [],
      expiresAt: null,
      createdAt,
    });
    expect(validatePayload(EVENT_DEFINITIONS['credential.issued'].schema, key.envelope.data)).toEqual([]);
    expect(key.envelope.data).toMatchObject({ user_id: null, expires_at: null, scopes: [] });
  });

  it('credential.revoked names the credential and when', () => {
    const revoked = credentialRevoked({ id: 'k', kind: 'api_key', companyId: '42' }, createdAt);
    expect(revoked.envelope.data).toEqual({
      credential_id: 'k',
      kind: 'api_key',
      company_id: '42',
      revoked_at: '2030-01-01T00:00:00.000Z',
    });
    expect(validatePayload(EVENT_DEFINITIONS['credential.revoked'].schema, revoked.envelope.data)).toEqual([]);
  });

  it('credential ids are UUIDs', () => {
    expect(isCredentialId('6f9619ff-8b86-4d11-b42d-00c04fc964ff')).toBe(true);
    expect(isCredentialId('1')).toBe(false);
    expect(isCredentialId("' OR 1=1 --")).toBe(false);
  });
});
