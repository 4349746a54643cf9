import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '@suite/time';
import { SecretBox, SecretBoxError } from '../../../shared/secrets/secret-box';
import { AdAccountEntity } from '../ad-account.entity';
import {
  AD_PLATFORM,
  AdAccessExpiredError,
  AdGrantRevokedError,
  AdPlatformUnavailableError,
  type AdAccess,
  type AdGrantTokens,
  type AdPlatform,
} from '../ad-platform.port';
import { AD_CHANNEL_LABELS, type AdProvider } from '../ad-provider';
import { AdGrantEntity } from './ad-grant.entity';

/** The column's length: a longer provider message is cut there. */
const MAX_REASON = 500;

const sealingContext = (companyId: string, provider: AdProvider, field: 'access' | 'refresh'): string =>
  `ad-grant:${companyId}:${provider}:${field}`;

/** At most the columns' length, cut between characters (never inside a surrogate pair). */
export const reasonText = (reason: string): string => Array.from(reason).slice(0, MAX_REASON).join('');

/**
 * The companies' grants at the ad platforms (decision 0043): stored sealed, opened to read with,
 * refreshed when due, sealed again under the current key when a rotation left them under an old
 * one, and marked revoked — with the company's accounts of that provider disconnected — when the
 * provider refuses them. The provider is asked outside any transaction.
 */
@Injectable()
export class AdGrantsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    private readonly box: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Stores a new consent's tokens: the company's grant of that provider, replacing any earlier one. */
  async store(
    manager: EntityManager,
    companyId: string,
    provider: AdProvider,
    userId: string,
    tokens: AdGrantTokens,
  ): Promise<void> {
    const grants = this.grants(manager, companyId);
    await grants.upsert(
      [
        grants.create({
          provider,
          status: 'active',
          grantedBy: userId,
          grantedAt: this.clock.now(),
          revokedReason: null,
          ...this.sealed(companyId, provider, tokens),
        }),
      ],
      ['companyId', 'provider'],
      [
        'status',
        'accessToken',
        'refreshToken',
        'keyId',
        'expiresAt',
        'refreshAfter',
        'scope',
        'grantedBy',
        'grantedAt',
        'revokedReason',
      ],
    );
  }

  /** Whether the company holds a working grant of the provider. */
  async isActive(companyId: string, provider: AdProvider): Promise<boolean> {
    return this.grants(this.dataSource, companyId).exists({ where: { provider, status: 'active' } });
  }

  /**
   * Runs `use` with the company's grant of the provider: refreshed first when due; once more after
   * a refresh when the provider says the access token expired early. Throws AdGrantRevokedError
   * when there is no working grant (none, revoked, or refused by the provider — then recorded:
   * the grant revoked, the company's accounts of the provider disconnected), AdPlatformUnavailableError
   * when its tokens cannot be opened (the key that sealed them is not configured: a configuration
   * problem, retried, never taken for a revocation).
   */
  async withAccess<T>(companyId: string, provider: AdProvider, use: (access: AdAccess) => Promise<T>): Promise<T> {
    const grant = await this.grants(this.dataSource, companyId).findOneBy({ provider });
    if (!grant || grant.status !== 'active') throw new AdGrantRevokedError(notGranted(provider, grant));
    try {
      return await this.using(grant, use);
    } catch (error) {
      // The provider refused the grant: every reader of it learns so from the database from now on.
      if (error instanceof AdGrantRevokedError) {
        await this.dataSource.transaction((manager) => this.revoke(manager, companyId, provider, error.message));
      }
      throw error;
    }
  }

  private async using<T>(stored: AdGrantEntity, use: (access: AdAccess) => Promise<T>): Promise<T> {
    let grant = stored;
    let tokens = this.opened(grant);
    if (grant.refreshAfter && grant.refreshAfter.getTime() <= this.clock.now().getTime()) {
      ({ grant, tokens } = await this.refreshed(grant, tokens));
    } else if (grant.keyId !== this.box.keyId) {
      await this.save(grant, tokens);
    }
    try {
      return await use({ accessToken: tokens.accessToken });
    } catch (error) {
      if (!(error instanceof AdAccessExpiredError)) throw error;
      ({ tokens } = await this.refreshed(grant, tokens));
      try {
        return await use({ accessToken: tokens.accessToken });
      } catch (again) {
        if (again instanceof AdAccessExpiredError) throw new AdGrantRevokedError(again.message);
        throw again;
      }
    }
  }

  /** The grant stopped working: it is marked revoked and the company's accounts of the provider disconnected (one transaction). */
  async revoke(manager: EntityManager, companyId: string, provider: AdProvider, reason: string): Promise<void> {
    const text = reasonText(reason);
    await this.grants(manager, companyId).update({ provider, status: 'active' }, { status: 'revoked', revokedReason: text });
    await CompanyScopedRepository.of(manager, AdAccountEntity, companyId).update(
      { provider, status: 'connected' },
      { status: 'disconnected', disconnectedReason: text },
    );
  }

  private async refreshed(grant: AdGrantEntity, tokens: AdGrantTokens): Promise<{ grant: AdGrantEntity; tokens: AdGrantTokens }> {
    const fresh = await this.platform.refreshGrant(grant.provider, tokens);
    // A provider that issues no new refresh token keeps the old one valid (Google).
    const kept: AdGrantTokens = { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken };
    return { grant: await this.save(grant, kept), tokens: kept };
  }

  private async save(grant: AdGrantEntity, tokens: AdGrantTokens): Promise<AdGrantEntity> {
    const values = this.sealed(grant.companyId, grant.provider, tokens);
    await this.grants(this.dataSource, grant.companyId).update({ id: grant.id, status: 'active' }, values);
    return Object.assign(grant, values);
  }

  private sealed(companyId: string, provider: AdProvider, tokens: AdGrantTokens) {
    return {
      accessToken: this.box.seal(tokens.accessToken, sealingContext(companyId, provider, 'access')),
      refreshToken:
        tokens.refreshToken === null ? null : this.box.seal(tokens.refreshToken, sealingContext(companyId, provider, 'refresh')),
      keyId: this.box.keyId,
      expiresAt: tokens.expiresAt,
      refreshAfter: tokens.refreshAfter,
      scope: tokens.scope.slice(0, MAX_REASON),
    };
  }

  private opened(grant: AdGrantEntity): AdGrantTokens {
    try {
      return {
        accessToken: this.box.open(grant.accessToken, sealingContext(grant.companyId, grant.provider, 'access')),
        refreshToken:
          grant.refreshToken === null
            ? null
            : this.box.open(grant.refreshToken, sealingContext(grant.companyId, grant.provider, 'refresh')),
        expiresAt: grant.expiresAt,
        refreshAfter: grant.refreshAfter,
        scope: grant.scope,
      };
    } catch (error) {
      if (error instanceof SecretBoxError) {
        throw new AdPlatformUnavailableError(
          `The stored ${AD_CHANNEL_LABELS[grant.provider]} grant cannot be opened: ${error.message}.`,
        );
      }
      throw error;
    }
  }

  private grants(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<AdGrantEntity> {
    return CompanyScopedRepository.of(source, AdGrantEntity, companyId);
  }
}

function notGranted(provider: AdProvider, grant: AdGrantEntity | null): string {
  const label = AD_CHANNEL_LABELS[provider];
  if (grant?.revokedReason) return `${label} grant revoked: ${grant.revokedReason}`;
  return `No ${label} grant: connect through GET /api/ad-accounts/connect/${provider} first.`;
}
