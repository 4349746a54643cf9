/**
 * OAuth access tokens are RFC 9068 JWTs signed by auth (asymmetric, JWKS at
 * `/.well-known/jwks.json`) and verified locally by every app: signature, `iss`, `aud`, `typ`
 * and `exp`. These names are the contract between the issuer and the verifiers.
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
/** The one resource server audience: the suite's APIs behind the gateway. */
export const ACCESS_TOKEN_AUDIENCE = 'suite-api';
/** Seconds an access token lives; short because revocation of a JWT relies on the replica. */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
/** Seconds a login-as (RFC 8693 exchange) token lives. */
export const IMPERSONATION_TOKEN_TTL_SECONDS = 300;

export interface AccessTokenClaims {
  iss: string;
  aud: string;
  /** The user id. */
  sub: string;
  client_id: string;
  /** Space-separated scopes (`*` or permission names). */
  scope: string;
  /** The grant (authorization) the token came from; revoking the grant revokes its tokens. */
  sid: string;
  jti: string;
  iat: number;
  exp: number;
  auth_time?: number;
  /** The company the user belongs to. */
  company_id: string;
  /** RFC 8693 actor: present when an admin acts as this user (login-as). */
  act?: { sub: string };
}
