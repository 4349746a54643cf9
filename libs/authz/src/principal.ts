/**
 * Who is calling, once a credential has been verified. Guards put it on `request.user`;
 * handlers read it with `@CurrentPrincipal()`.
 */
export interface Principal {
  /** Which kind of credential was presented. */
  via: 'access_token' | 'personal_access_token' | 'api_key';
  /** The company the credential belongs to (numeric id as a string). */
  companyId: string;
  /** The user acting; null for a workspace API key. */
  userId: string | null;
  /** `*` or permission names; what the credential was issued with (not yet intersected with the user's rights). */
  scopes: string[];
  /** Access token: its `jti`; personal access token or API key: the credential id. */
  credentialId: string;
  /** Access tokens only: the OAuth client the token was issued to. */
  clientId?: string;
  /** Access tokens only: the grant (`sid`) the token came from. */
  grantId?: string;
  /** Login-as tokens only: the admin acting as `userId` (RFC 8693 `act.sub`). */
  actorUserId?: string;
}
