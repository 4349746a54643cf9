import { createHmac } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } from '@suite/contracts';
import { AppError } from '@suite/http';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import { AccessTokenVerifier } from './access-token.verifier';

const ISSUER = 'http://127.0.0.1:3002';
const NOW = new Date('2030-01-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

let privateKey: KeyLike;
let publicJwk: JWK;
let otherPrivateKey: KeyLike;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  otherPrivateKey = (await generateKeyPair('ES256')).privateKey;
});

function setup() {
  const reader = new FakeReplicaReader().addUser({ id: '7', companyId: '42', permissions: ['view-users'] });
  const sut = new AccessTokenVerifier(reader, {
    issuer: ISSUER,
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    clock: { now: () => NOW },
  });
  return { sut, mocks: { reader } };
}

interface TokenOptions {
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
  key?: KeyLike;
  kid?: string;
}

async function token({ claims = {}, header = {}, key, kid = 'k1' }: TokenOptions = {}): Promise<string> {
  return new SignJWT({ client_id: 'client-1', scope: 'view-users', sid: 'grant-1', company_id: '42', ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid, ...header })
    .setIssuer(ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject('7')
    .setJti('jti-1')
    .setIssuedAt(nowSeconds - 10)
    .setExpirationTime(nowSeconds + 600)
    .sign(key ?? privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refusal = (message: string | RegExp) =>
  expect.objectContaining({ kind: 'unauthenticated', message: expect.stringMatching(message) });

describe('AccessTokenVerifier', () => {
  it('accepts a token signed by the issuer key and builds the principal', async () => {
    const { sut } = setup();
    await expect(sut.verify(await token({ claims: { scope: 'view-users edit-users' } }))).resolves.toEqual({
      via: 'access_token',
      companyId: '42',
      userId: '7',
      scopes: ['view-users', 'edit-users'],
      credentialId: 'jti-1',
      clientId: 'client-1',
      grantId: 'grant-1',
    });
  });

  it('names the admin of a login-as token, and refuses a nested one', async () => {
    const { sut, mocks } = setup();
    // The admin may belong to the agency of the target's company: their company is not compared.
    mocks.reader.addUser({ id: '3', companyId: '40' });
    await expect(sut.verify(await token({ claims: { act: { sub: '3' } } }))).resolves.toMatchObject({
      userId: '7',
      actorUserId: '3',
    });
    await expect(sut.verify(await token({ claims: { act: { sub: '3', act: { sub: '2' } } } }))).rejects.toEqual(
      refusal(/nested/),
    );
    await expect(sut.verify(await token({ claims: { act: { sub: 'admin' } } }))).rejects.toEqual(refusal(/"act" claim/));
  });

  it.each([
    ['unknown', null],
    ['suspended', { status: 'Suspended' as const }],
    ['deleted', { deletedAt: new Date('2029-12-31T00:00:00Z') }],
  ])('refuses a login-as token whose admin is %s', async (_label, change) => {
    const { sut, mocks } = setup();
    if (change) mocks.reader.addUser({ id: '3', companyId: '42', ...change });
    await expect(sut.verify(await token({ claims: { act: { sub: '3' } } }))).rejects.toEqual(
      refusal(/administrator acting as this user/),
    );
  });

  it.each([
    ['another issuer', { claims: { iss: 'https://evil.example' } }, /not issued by/],
    ['another audience', { claims: { aud: 'someone-else' } }, /not meant for this API/],
    ['an ID token type', { header: { typ: 'JWT' } }, /not an access token/],
    ['no sid claim', { claims: { sid: undefined } }, /"sid" claim/],
  ])('refuses %s', async (_label, options, message) => {
    const { sut } = setup();
    const claims = { ...(options as TokenOptions).claims };
    // SignJWT's setters win over the payload; rebuild the token so the override takes effect.
    const built = await new SignJWT({
      client_id: 'client-1',
      scope: 'view-users',
      sid: 'grant-1',
      company_id: '42',
      iss: ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      sub: '7',
      jti: 'jti-1',
      iat: nowSeconds - 10,
      exp: nowSeconds + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid: 'k1', ...(options as TokenOptions).header })
      .sign(privateKey);
    await expect(sut.verify(built)).rejects.toEqual(refusal(message));
  });

  it('refuses an expired token, and one not valid yet, beyond the clock tolerance', async () => {
    const { sut } = setup();
    const expired = await new SignJWT({ client_id: 'c', scope: '*', sid: 'g', company_id: '42', jti: 'j', sub: '7' })
      .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds - 700)
      .setExpirationTime(nowSeconds - 60)
      .sign(privateKey);
    await expect(sut.verify(expired)).rejects.toEqual(refusal('The token has expired.'));
    await expect(sut.verify(await token({ claims: { nbf: nowSeconds + 120 } }))).rejects.toEqual(refusal(/not valid yet/));
    // Within the tolerance: a few seconds of skew between auth and this app are fine.
    await expect(sut.verify(await token({ claims: { nbf: nowSeconds + 3 } }))).resolves.toMatchObject({ userId: '7' });
  });

  it('refuses alg "none" and HS256 (even keyed with the public key), before resolving any key', async () => {
    const { sut, mocks } = setup();
    const payload = {
      iss: ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      sub: '7',
      jti: 'j',
      iat: nowSeconds,
      exp: nowSeconds + 60,
      client_id: 'c',
      scope: '*',
      sid: 'g',
      company_id: '42',
    };
    const none = `${b64({ alg: 'none', typ: ACCESS_TOKEN_TYPE })}.${b64(payload)}.`;
    await expect(sut.verify(none)).rejects.toEqual(refusal(/algorithm that is not accepted|malformed/));

    const signingInput = `${b64({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE, kid: 'k1' })}.${b64(payload)}`;
    const hs256 = `${signingInput}.${createHmac('sha256', JSON.stringify(publicJwk)).update(signingInput).digest('base64url')}`;
    await expect(sut.verify(hs256)).rejects.toEqual(refusal(/algorithm that is not accepted/));
    expect(mocks.reader.lookups).toBe(0);
  });

  it('refuses an unknown kid, a forged signature and garbage', async () => {
    const { sut } = setup();
    await expect(sut.verify(await token({ kid: 'k2' }))).rejects.toEqual(refusal(/unknown key/));
    await expect(sut.verify(await token({ key: otherPrivateKey }))).rejects.toEqual(refusal(/signature is invalid/));
    await expect(sut.verify('a.b.c')).rejects.toEqual(refusal(/malformed/));
  });

  it('checks a signature once per token, but expiry, the user and the grant on every request', async () => {
    let now = NOW;
    const reader = new FakeReplicaReader().addUser({ id: '7', companyId: '42', permissions: ['view-users'] });
    let keyLookups = 0;
    const keys = createLocalJWKSet({ keys: [publicJwk] });
    const sut = new AccessTokenVerifier(reader, {
      issuer: ISSUER,
      keys: (header, input) => {
        keyLookups++;
        return keys(header, input);
      },
      clock: { now: () => now },
    });
    const valid = await token();
    await expect(sut.verify(valid)).resolves.toMatchObject({ userId: '7' });
    await expect(sut.verify(valid)).resolves.toMatchObject({ userId: '7' });
    expect(keyLookups).toBe(1);
    reader.revokedGrants.add('grant-1');
    await expect(sut.verify(valid)).rejects.toEqual(refusal('The token was revoked.'));
    reader.revokedGrants.clear();
    reader.addUser({ id: '7', companyId: '42', status: 'Suspended' });
    await expect(sut.verify(valid)).rejects.toEqual(refusal(/not active \(Suspended\)/));
    reader.addUser({ id: '7', companyId: '42' });
    now = new Date(NOW.getTime() + 700_000);
    await expect(sut.verify(valid)).rejects.toEqual(refusal('The token has expired.'));
  });

  it('refuses a token whose grant was revoked', async () => {
    const { sut, mocks } = setup();
    mocks.reader.revokedGrants.add('grant-1');
    await expect(sut.verify(await token())).rejects.toEqual(refusal('The token was revoked.'));
  });

  it.each([
    ['suspended', { status: 'Suspended' as const }, /not active \(Suspended\)/],
    ['deleted', { deletedAt: new Date('2029-12-31T00:00:00Z') }, /was deleted/],
    ['moved to another company', { companyId: '43' }, /company/],
  ])('refuses the token of a %s user', async (_label, change, message) => {
    const { sut, mocks } = setup();
    mocks.reader.addUser({ id: '7', companyId: '42', ...change });
    await expect(sut.verify(await token())).rejects.toEqual(refusal(message));
  });

  it('refuses the token of a user this app has never heard of', async () => {
    const { sut, mocks } = setup();
    mocks.reader.users.clear();
    await expect(sut.verify(await token())).rejects.toEqual(refusal(/does not exist/));
  });

  it('reports unreachable keys as unavailable (503), not as a bad token', async () => {
    const reader = new FakeReplicaReader().addUser({ id: '7', companyId: '42' });
    const sut = new AccessTokenVerifier(reader, {
      issuer: ISSUER,
      keys: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3002'), { code: 'ECONNREFUSED' });
      },
      clock: { now: () => NOW },
    });
    const failure = await sut.verify(await token()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'unavailable' });
  });
});
