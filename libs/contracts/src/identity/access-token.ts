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

/** RFC 8693 token exchange, used for login-as (decision 0007, "Login-as"). */
export const TOKEN_EXCHANGE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** RFC 8693 §3: the token type of an OAuth access token (a JWT or a personal access token here). */
export const ACCESS_TOKEN_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/**
 * The suite's own subject token type for login-as: `subject_token` is the numeric id of the user
 * to act as (not a token: the trusted caller vouches for the request, the actor token proves who
 * asks). Only accepted from an internal caller.
 */
export const USER_ID_TOKEN_TYPE = 'urn:suite:params:oauth:token-type:user-id';
/** The `client_id` of login-as tokens and grants: the platform, calling auth as an internal service. */
export const LOGIN_AS_CLIENT_ID = 'suite_internal_platform';
