import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { credentialDigest } from '@suite/contracts';
import { GrantEntity } from '../grants/grant.entity';
import { AUTHORIZATION_CODE_TTL_SECONDS } from '../tokens/token-rules';
import { AuthorizationCodeEntity } from './authorization-code.entity';
import type { AuthorizationRequest } from './authorization-request';

/** Records the user's consent as a grant and issues its one-time authorization code. */
@Injectable()
export class AuthorizationService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async issueCode(request: AuthorizationRequest, user: { userId: string; companyId: string }, now: Date): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.dataSource.transaction(async (manager) => {
      const grant = await manager.getRepository(GrantEntity).save({
        id: randomUUID(),
        clientId: request.client.clientId,
        userId: user.userId,
        companyId: user.companyId,
        scopes: [...request.scopes],
        revokedAt: null,
        revokedReason: null,
        actorUserId: null,
      });
      await manager.getRepository(AuthorizationCodeEntity).insert({
        digest: credentialDigest(code),
        grantId: grant.id,
        clientId: request.client.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: request.codeChallengeMethod,
        scopes: [...request.scopes],
        userId: user.userId,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
        usedAt: null,
      });
    });
    return code;
  }
}
