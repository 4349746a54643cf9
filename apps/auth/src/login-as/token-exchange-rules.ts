import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_TOKEN_TYPE,
  FULL_ACCESS_SCOPE,
  PERMISSIONS,
  permissionsBeyond,
  USER_ID_TOKEN_TYPE,
  type Permission,
  type Scope,
} from '@suite/contracts';
import type { TokenErrorCode } from '../shared/oauth-errors';
import type { FormParams } from '../tokens/token-request';

/** The permission an admin needs to log in as another user (the spec's Login-as row). */
export const LOGIN_AS_PERMISSION: Permission = 'view-users';

export type Refusal = { error: TokenErrorCode; description: string };

/** A login-as exchange request (RFC 8693 §2.1) once its parameters are checked. */
export interface TokenExchangeRequest {
  /** The user to act as (`subject_token` of type USER_ID_TOKEN_TYPE). */
  targetUserId: string;
  /** The admin's own bearer credential: an access token (JWT) or a personal access token. */
  actorToken: string;
}

const USER_ID = /^[1-9][0-9]{0,18}$/;

/**
 * RFC 8693 §2.1 for the one exchange this server performs: subject = a user id (the suite's own
 * token type), actor = the admin's access token, nothing else asked for. `scope`, `resource` and
 * any other audience are refused rather than ignored, so a caller never believes it got what it
 * did not.
 */
export function readTokenExchangeRequest(params: FormParams): TokenExchangeRequest | Refusal {
  const subjectToken = params.subject_token;
  const subjectTokenType = params.subject_token_type;
  if (subjectToken === undefined || subjectTokenType === undefined) {
    return { error: 'invalid_request', description: 'subject_token and subject_token_type are required.' };
  }
  if (subjectTokenType !== USER_ID_TOKEN_TYPE) {
    return { error: 'invalid_request', description: `subject_token_type must be ${USER_ID_TOKEN_TYPE}.` };
  }
  if (!USER_ID.test(subjectToken)) return { error: 'invalid_request', description: 'subject_token must be a user id.' };
  const actorToken = params.actor_token;
  if (actorToken === undefined || params.actor_token_type === undefined) {
    return {
      error: 'invalid_request',
      description: 'actor_token and actor_token_type are required: login-as needs the admin’s own token.',
    };
  }
  if (params.actor_token_type !== ACCESS_TOKEN_TOKEN_TYPE) {
    return { error: 'invalid_request', description: `actor_token_type must be ${ACCESS_TOKEN_TOKEN_TYPE}.` };
  }
  if (params.requested_token_type !== undefined && params.requested_token_type !== ACCESS_TOKEN_TOKEN_TYPE) {
    return { error: 'invalid_request', description: `requested_token_type must be ${ACCESS_TOKEN_TOKEN_TYPE}.` };
  }
  if (params.resource !== undefined || (params.audience !== undefined && params.audience !== ACCESS_TOKEN_AUDIENCE)) {
    return { error: 'invalid_target', description: `Login-as tokens are issued for the audience ${ACCESS_TOKEN_AUDIENCE} only.` };
  }
  if (params.scope !== undefined) {
    return { error: 'invalid_scope', description: 'scope is not accepted: a login-as token carries the admin’s own rights.' };
  }
  return { targetUserId: subjectToken, actorToken };
}

/** The admin, as their verified credential says. */
export interface ImpersonationActor {
  userId: string | null;
  companyId: string;
  /** Set when the credential is itself a login-as token. */
  actorUserId?: string;
  /** The actor's effective permissions now (scopes ∩ current role). */
  permissions: readonly Permission[];
}

/** The target, from auth's user replica; `inActorScope` = in the actor's company or one of its agency's children. */
export interface ImpersonationTarget {
  id: string;
  companyId: string;
  status: string;
  deletedAt: Date | null;
  inActorScope: boolean;
  /** What the target's role grants (the replica's `permissions`, whatever the status). */
  permissions: readonly string[];
}

const UNKNOWN_USER = 'The user does not exist.';

/**
 * Who may log in as whom. Every refusal is `invalid_grant` (RFC 8693 §2.2.2: the actor token
 * does not allow this exchange); an unknown user, a deleted one and another company's user get
 * the same description, so the answer does not reveal which ids exist elsewhere. Nobody logs in
 * as a user holding a permission the actor's credential does not carry (the platform checks the
 * same before calling; this is the issuer's own check, against its replicas).
 * On success: the scopes of the new token (see impersonationScopes).
 */
export function checkImpersonation(actor: ImpersonationActor, target: ImpersonationTarget | null): { scopes: Scope[] } | Refusal {
  if (actor.actorUserId !== undefined) {
    return { error: 'invalid_grant', description: 'Login-as cannot be nested: the actor token is already a login-as token.' };
  }
  if (actor.userId === null) return { error: 'invalid_grant', description: 'The actor token does not name a user.' };
  if (!actor.permissions.includes(LOGIN_AS_PERMISSION)) {
    return { error: 'invalid_grant', description: `Login-as needs the ${LOGIN_AS_PERMISSION} permission.` };
  }
  if (!target || target.deletedAt || !target.inActorScope) return { error: 'invalid_grant', description: UNKNOWN_USER };
  if (target.id === actor.userId) return { error: 'invalid_grant', description: 'A user cannot log in as themselves.' };
  const beyond = permissionsBeyond(target.permissions, actor.permissions);
  if (beyond.length > 0) {
    return {
      error: 'invalid_grant',
      description: `You cannot log in as a user who holds permissions you do not: ${beyond.join(', ')}.`,
    };
  }
  if (target.status !== 'Active') return { error: 'invalid_grant', description: `The user is not active (${target.status}).` };
  return { scopes: impersonationScopes(actor.permissions) };
}

/**
 * A login-as token's scopes are the admin's own effective permissions (`*` when that is every
 * permission): its rights are then admin ∩ target — the target's, since checkImpersonation lets
 * an admin act only as a user whose permissions are all the admin's (decision 0009 §10).
 */
export function impersonationScopes(actorPermissions: readonly Permission[]): Scope[] {
  const distinct = [...new Set(actorPermissions)];
  if (PERMISSIONS.every((permission) => distinct.includes(permission))) return [FULL_ACCESS_SCOPE];
  return distinct.sort();
}

export const isRefusal = <T extends object>(value: T | Refusal): value is Refusal => 'error' in value && 'description' in value;
