import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  AccessTokenVerifier,
  AuthzReplicaReader,
  CompanyScope,
  OpaqueCredentialVerifier,
  permissionsOf,
  type Principal,
} from '@suite/authz';
import {
  ACCESS_TOKEN_TOKEN_TYPE,
  CREDENTIAL_PREFIXES,
  IMPERSONATION_TOKEN_TTL_SECONDS,
  LOGIN_AS_CLIENT_ID,
} from '@suite/contracts';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { GrantEntity } from '../grants/grant.entity';
import { tokenError } from '../shared/oauth-errors';
import { formatScope } from '../shared/scopes';
import { AccessTokenIssuer } from '../tokens/access-token.issuer';
import { ImpersonationAuditEntity } from './impersonation-audit.entity';
import { checkImpersonation, isRefusal, type ImpersonationTarget, type TokenExchangeRequest } from './token-exchange-rules';

/** RFC 8693 §2.2.1: no refresh token; the issued token is an access token. */
export interface TokenExchangeResponse {
  access_token: string;
  issued_token_type: typeof ACCESS_TOKEN_TOKEN_TYPE;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * Login-as (RFC 8693 token exchange): verifies the admin's own credential with the same
 * verifiers every resource server uses, applies checkImpersonation against auth's replicas, then
 * creates a fresh grant (revocable like any other) and its audit row in one transaction and signs
 * a short-lived access token with `sub` = the target and `act.sub` = the admin.
 */
@Injectable()
export class TokenExchangeService {
  private readonly logger = new Logger('LoginAs');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accessTokenVerifier: AccessTokenVerifier,
    private readonly opaqueVerifier: OpaqueCredentialVerifier,
    private readonly reader: AuthzReplicaReader,
    private readonly companyScope: CompanyScope,
    private readonly issuer: AccessTokenIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async exchange(request: TokenExchangeRequest, requestedFromIp: string | null): Promise<TokenExchangeResponse> {
    const actor = await this.verifyActor(request.actorToken);
    const permissions = await permissionsOf(this.reader, actor);
    const target = await this.target(actor, request.targetUserId);
    const check = checkImpersonation(
      { userId: actor.userId, companyId: actor.companyId, actorUserId: actor.actorUserId, permissions },
      target,
    );
    // checkImpersonation refuses a missing target and a principal without a user.
    const actorUserId = actor.userId;
    if (isRefusal(check) || !target || actorUserId === null) {
      const description = isRefusal(check) ? check.description : 'The user does not exist.';
      this.logger.warn({
        event: 'login_as.refused',
        actor_user_id: actor.userId,
        target_user_id: request.targetUserId,
        reason: description,
      });
      throw tokenError(isRefusal(check) ? check.error : 'invalid_grant', description);
    }
    const now = this.clock.now();
    const grantId = randomUUID();
    const access = await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(GrantEntity).insert({
        id: grantId,
        clientId: LOGIN_AS_CLIENT_ID,
        userId: target.id,
        companyId: target.companyId,
        scopes: [...check.scopes],
        actorUserId,
        revokedAt: null,
        revokedReason: null,
      });
      const issued = await this.issuer.issue(
        {
          userId: target.id,
          companyId: target.companyId,
          clientId: LOGIN_AS_CLIENT_ID,
          grantId,
          scopes: check.scopes,
          actorUserId,
          ttlSeconds: IMPERSONATION_TOKEN_TTL_SECONDS,
        },
        now,
      );
      await manager.getRepository(ImpersonationAuditEntity).insert({
        id: randomUUID(),
        actorUserId,
        actorCompanyId: actor.companyId,
        actorCredential: actor.via,
        actorCredentialId: actor.credentialId.slice(0, 64),
        targetUserId: target.id,
        companyId: target.companyId,
        grantId,
        scopes: [...check.scopes],
        issuedAt: now,
        expiresAt: new Date(now.getTime() + issued.expiresIn * 1000),
        requestedFromIp: requestedFromIp?.slice(0, 64) ?? null,
      });
      return issued;
    });
    // The audit trail in the logs too — never the token.
    this.logger.log({
      event: 'login_as.issued',
      actor_user_id: actorUserId,
      actor_company_id: actor.companyId,
      target_user_id: target.id,
      company_id: target.companyId,
      grant_id: grantId,
      expires_in: access.expiresIn,
      requested_from_ip: requestedFromIp,
    });
    return {
      access_token: access.token,
      issued_token_type: ACCESS_TOKEN_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      scope: formatScope(check.scopes),
    };
  }

  /** The admin's credential, checked like a bearer token on any API; a refusal is `invalid_grant`. */
  private async verifyActor(token: string): Promise<Principal> {
    try {
      if (token.split('.').length === 3) return await this.accessTokenVerifier.verify(token);
      if (token.startsWith(CREDENTIAL_PREFIXES.personal_access_token)) {
        return await this.opaqueVerifier.verify(token, 'personal_access_token');
      }
    } catch (error) {
      if (error instanceof AppError && error.kind === 'unauthenticated') {
        throw tokenError('invalid_grant', `The actor token is not valid: ${error.message}`);
      }
      throw error;
    }
    throw tokenError('invalid_grant', 'The actor token is not an access token nor a personal access token.');
  }

  private async target(actor: Principal, targetUserId: string): Promise<ImpersonationTarget | null> {
    const user = await this.reader.findUser(targetUserId);
    if (!user) return null;
    let inActorScope = true;
    try {
      await this.companyScope.resolve(actor, user.companyId);
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
      inActorScope = false;
    }
    return {
      id: user.id,
      companyId: user.companyId,
      status: user.status,
      deletedAt: user.deletedAt,
      inActorScope,
      permissions: user.permissions,
    };
  }
}
