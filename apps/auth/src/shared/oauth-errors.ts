import { AppError } from '@suite/http';

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  /** RFC 8693 §2.2.2: an audience or resource this server does not issue tokens for. */
  | 'invalid_target';

/** An OAuth error for the token endpoints: 401 for invalid_client, 400 for the rest (RFC 6749 §5.2). */
export function tokenError(code: TokenErrorCode, description: string): AppError {
  return new AppError(code === 'invalid_client' ? 'unauthenticated' : 'invalid', description, {}, code);
}
