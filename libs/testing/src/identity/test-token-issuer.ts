import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } from '@suite/contracts';

export interface TestAccessToken {
  userId: string;
  companyId: string;
  /** Space-separated scopes; default `*` (every permission the user holds). */
  scope?: string;
}

/**
 * An access-token issuer for an app's integration specs, standing in for auth (apps do not import
 * each other): an ES256 key and a JWKS endpoint on a free loopback port. Point the app's
 * AUTH_ISSUER at `issuer` and AUTH_JWKS_URL at `jwksUrl`; `accessToken()` then mints RFC 9068
 * tokens the app accepts exactly as it accepts auth's.
 */
export class TestTokenIssuer {
  static readonly KEY_ID = 'test-issuer-key';

  private constructor(
    private readonly server: Server,
    private readonly privateKey: KeyLike,
    readonly issuer: string,
  ) {}

  get jwksUrl(): string {
    return `${this.issuer}/jwks`;
  }

  static async start(): Promise<TestTokenIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwks = JSON.stringify({
      keys: [{ ...(await exportJWK(publicKey)), kid: TestTokenIssuer.KEY_ID, alg: 'ES256', use: 'sig' }],
    });
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(jwks);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the test JWKS server did not start');
    return new TestTokenIssuer(server, privateKey, `http://127.0.0.1:${address.port}`);
  }

  /** An RFC 9068 access token as auth's token endpoint would issue it (5 minutes, a fresh grant). */
  accessToken({ userId, companyId, scope = '*' }: TestAccessToken): Promise<string> {
    return new SignJWT({ client_id: 'test-client', sid: randomUUID(), company_id: companyId, scope })
      .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid: TestTokenIssuer.KEY_ID })
      .setIssuer(this.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.privateKey);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
