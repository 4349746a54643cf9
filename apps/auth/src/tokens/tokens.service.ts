import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { credentialDigest, type Scope } from '@suite/contracts';
import { AuthorizationCodeEntity } from '../authorization/authorization-code.entity';
import { GrantEntity } from '../grants/grant.entity';
import { GrantsService } from '../grants/grants.service';
import { LoginUsersService } from '../login-users/login-users.service';
import type { OAuthClientEntity } from '../oauth-clients/oauth-client.entity';
import { tokenError, type TokenErrorCode } from '../shared/oauth-errors';
import { formatScope, narrowScopes, parseScope } from '../shared/scopes';
import { AccessTokenIssuer } from './access-token.issuer';
import { RefreshTokenEntity } from './refresh-token.entity';
import { checkCodeRedemption, checkRefreshUse, REFRESH_TOKEN_TTL_SECONDS } from './token-rules';
import { CLOCK, type Clock } from '@suite/time';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type Outcome = { response: TokenResponse } | { error: TokenErrorCode; description: string };

/**
 * The token endpoint's grants. Each runs in one transaction that locks the code or refresh
 * token row, so two concurrent redemptions cannot both succeed; a detected replay commits the
 * revocation (and its `grant.revoked` event) before the error is answered.
 */
@Injectable()
export class TokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly grants: GrantsService,
    private readonly users: LoginUsersService,
    private readonly accessTokens: AccessTokenIssuer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async exchangeCode(
    client: OAuthClientEntity,
    input: { code: string; redirectUri: string | undefined; codeVerifier: string | undefined },
  ): Promise<TokenResponse> {
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const codes = manager.getRepository(AuthorizationCodeEntity);
      const code = await codes.findOne({ where: { digest: credentialDigest(input.code) }, lock: { mode: 'pessimistic_write' } });
      if (!code) return { error: 'invalid_grant', description: 'The authorization code is unknown.' };
      const check = checkCodeRedemption(
        code,
        { clientId: client.clientId, redirectUri: input.redirectUri, codeVerifier: input.codeVerifier },
        now,
      );
      if (check.kind === 'replay') {
        await this.grants.revoke(manager, code.grantId, 'code_replay', now);
        return {
          error: 'invalid_grant',
          description: 'The authorization code was already used; the tokens issued with it are revoked.',
        };
      }
      if (check.kind === 'invalid') return { error: 'invalid_grant', description: check.description };
      const grant = await manager.getRepository(GrantEntity).findOneBy({ id: code.grantId });
      if (!grant || grant.revokedAt) return { error: 'invalid_grant', description: 'The authorization has been revoked.' };
      if (!(await this.users.isActive(grant.userId, manager)))
        return { error: 'invalid_grant', description: 'The user can no longer sign in.' };
      await codes.update({ digest: code.digest, usedAt: IsNull() }, { usedAt: now });
      return { response: await this.issue(manager, grant, code.scopes, code.scopes, null, now) };
    });
    return unwrap(outcome);
  }

  async refresh(client: OAuthClientEntity, input: { refreshToken: string; scope: string | undefined }): Promise<TokenResponse> {
    const now = this.clock.now();
    let requested: Scope[] | undefined;
    if (input.scope !== undefined) {
      const parsed = parseScope(input.scope);
      if (!parsed) throw tokenError('invalid_scope', 'scope names an unknown scope.');
      requested = parsed;
    }
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const tokens = manager.getRepository(RefreshTokenEntity);
      const token = await tokens.findOne({
        where: { digest: credentialDigest(input.refreshToken) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!token) return { error: 'invalid_grant', description: 'The refresh token is unknown.' };
      const grant = await manager.getRepository(GrantEntity).findOneBy({ id: token.grantId });
      if (!grant || grant.clientId !== client.clientId)
        return { error: 'invalid_grant', description: 'The refresh token is unknown.' };
      const check = checkRefreshUse({ ...token, grantRevokedAt: grant.revokedAt }, now);
      if (check.kind === 'reuse') {
        await this.grants.revoke(manager, grant.id, 'refresh_token_reuse', now);
        return { error: 'invalid_grant', description: 'The refresh token was already used; the authorization is revoked.' };
      }
      if (check.kind === 'invalid') return { error: 'invalid_grant', description: check.description };
      const scopes = requested ? narrowScopes(token.scopes, requested) : token.scopes;
      if (!scopes) return { error: 'invalid_scope', description: 'A refresh may only narrow the scope that was granted.' };
      if (!(await this.users.isActive(grant.userId, manager)))
        return { error: 'invalid_grant', description: 'The user can no longer sign in.' };
      await tokens.update({ digest: token.digest, rotatedAt: IsNull() }, { rotatedAt: now });
      // RFC 6749 §6: the new refresh token keeps the scope of the one it replaces.
      return { response: await this.issue(manager, grant, token.scopes, scopes, token.digest, now) };
    });
    return unwrap(outcome);
  }

  private async issue(
    manager: EntityManager,
    grant: GrantEntity,
    refreshScopes: readonly string[],
    accessScopes: readonly string[],
    parentDigest: string | null,
    now: Date,
  ): Promise<TokenResponse> {
    const refreshToken = `suite_rt_${randomBytes(32).toString('base64url')}`;
    await manager.getRepository(RefreshTokenEntity).insert({
      digest: credentialDigest(refreshToken),
      grantId: grant.id,
      parentDigest,
      scopes: [...refreshScopes],
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      rotatedAt: null,
      revokedAt: null,
    });
    const access = await this.accessTokens.issue(
      {
        userId: String(grant.userId),
        companyId: String(grant.companyId),
        clientId: grant.clientId,
        grantId: grant.id,
        scopes: accessScopes,
      },
      now,
    );
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      refresh_token: refreshToken,
      scope: formatScope(accessScopes),
    };
  }
}

function unwrap(outcome: Outcome): TokenResponse {
  if ('error' in outcome) throw tokenError(outcome.error, outcome.description);
  return outcome.response;
}
