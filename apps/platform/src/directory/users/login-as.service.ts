import { Injectable, Logger } from '@nestjs/common';
import { INTERNAL_CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER, type Principal } from '@suite/authz';
import { ACCESS_TOKEN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT_TYPE, USER_ID_TOKEN_TYPE, type Permission } from '@suite/contracts';
import { AppError } from '@suite/http';
import { BaseEnvironment } from '@suite/config';
import { authInternalUrlOf, LoginAsEnvironment } from './login-as-environment';
import { apiId } from '../../shared/api-ids';
import { assertMayActOnUser } from '../../shared/grantable';
import { UsersService } from './users.service';

/** How long the platform waits for auth's token endpoint before answering 503. */
export const AUTH_CALL_TIMEOUT_MS = 5_000;

const UNAVAILABLE = 'Login-as is unavailable right now; try again shortly.';

/** The spec's Login-as answer: `{data:{user_id: integer, token: string}}`. */
export interface LoginAsResult {
  user_id: number;
  token: string;
}

export interface LoginAsRequest {
  /** The company the route resolved (the caller's own, or an agency's child with company_id). */
  companyId: string;
  targetUserId: string;
  principal: Principal;
  /** The caller's effective permissions (`permissionsOf`): the target may hold none beyond them. */
  permissions: readonly Permission[];
  /** The admin's own bearer credential, exactly as presented: auth verifies it again as the actor token. */
  bearer: string;
  /** The admin's address (request.ip, after the platform's TRUSTED_PROXIES), recorded in auth's audit row. */
  clientIp: string | undefined;
}

/**
 * Login-as: the platform checks what it owns (the target is a live user of the resolved company,
 * not the caller, holding no permission the caller lacks, active; the caller is not already
 * acting as someone), then asks auth — the only token issuer — for an RFC 8693 exchange over
 * HTTP, authenticated with INTERNAL_API_TOKEN. Auth checks the actor, and that the target does
 * not outrank it, again against its own replicas, issues the token and audits it.
 */
@Injectable()
export class LoginAsService {
  private readonly logger = new Logger('LoginAs');
  private readonly tokenEndpoint: string;
  private readonly internalToken: string | undefined;
  /** Test seam: the HTTP client (global fetch). */
  fetch: typeof fetch = (input, init) => fetch(input, init);

  constructor(
    private readonly users: UsersService,
    env: LoginAsEnvironment,
    shared: BaseEnvironment,
  ) {
    this.tokenEndpoint = `${authInternalUrlOf({ AUTH_INTERNAL_URL: env.AUTH_INTERNAL_URL, AUTH_ISSUER: shared.AUTH_ISSUER })}/oauth/token`;
    this.internalToken = shared.INTERNAL_API_TOKEN;
  }

  async loginAs(request: LoginAsRequest): Promise<LoginAsResult> {
    const { principal } = request;
    if (principal.actorUserId !== undefined) {
      throw new AppError('forbidden', 'Login-as cannot be nested: you are already acting as another user.');
    }
    const target = await this.users.get(request.companyId, request.targetUserId);
    if (target.id === principal.userId) throw new AppError('unprocessable', 'You cannot log in as yourself.');
    assertMayActOnUser('log in as', await this.users.permissionsHeldBy(target), request.permissions);
    if (target.status !== 'Active')
      throw new AppError('unprocessable', `Only active users can be logged in as; this user is ${target.status}.`);
    const token = await this.exchange(target.id, request.bearer, request.clientIp);
    return { user_id: apiId(target.id), token };
  }

  private async exchange(targetUserId: string, actorToken: string, clientIp: string | undefined): Promise<string> {
    if (!this.internalToken) {
      this.logger.error('Login-as needs INTERNAL_API_TOKEN (shared with auth); it is not set');
      throw new AppError('unavailable', UNAVAILABLE);
    }
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      [INTERNAL_TOKEN_HEADER]: this.internalToken,
    };
    // Not X-Forwarded-For: auth trusts that from its TRUSTED_PROXIES only; this header it reads behind the internal token.
    if (clientIp) headers[INTERNAL_CLIENT_IP_HEADER] = clientIp;
    let response: Response;
    try {
      response = await this.fetch(this.tokenEndpoint, {
        method: 'POST',
        headers,
        body: new URLSearchParams({
          grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
          subject_token: targetUserId,
          subject_token_type: USER_ID_TOKEN_TYPE,
          actor_token: actorToken,
          actor_token_type: ACCESS_TOKEN_TOKEN_TYPE,
          requested_token_type: ACCESS_TOKEN_TOKEN_TYPE,
        }).toString(),
        signal: AbortSignal.timeout(AUTH_CALL_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      this.logger.warn({ event: 'login_as.auth_unreachable', endpoint: this.tokenEndpoint, reason: (error as Error).name });
      throw new AppError('unavailable', UNAVAILABLE);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && typeof body?.access_token === 'string') return body.access_token;
    if (response.status === 400 && body?.error === 'invalid_grant') {
      // Auth refused this exchange (its replicas disagree with ours, e.g. the user was just suspended).
      throw new AppError(
        'unprocessable',
        typeof body.error_description === 'string' ? body.error_description : 'Login-as was refused.',
      );
    }
    // invalid_client (INTERNAL_API_TOKEN differs), a 5xx, a 429: the operator's problem, not the caller's.
    this.logger.error({
      event: 'login_as.auth_failed',
      status: response.status,
      error: typeof body?.error === 'string' ? body.error : null,
    });
    throw new AppError('unavailable', UNAVAILABLE);
  }
}
