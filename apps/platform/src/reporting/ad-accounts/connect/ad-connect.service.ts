import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { LessThan, type DataSource } from 'typeorm';
import { isUniqueViolation, CompanyScopedRepository, crossCompanyRepository } from '@suite/database';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { BaseEnvironment } from '@suite/config';
import { publicUrlOf } from '../../../shared/public-url';
import { AdAccountsEnvironment } from '../ad-accounts-environment';
import { SecretBox, SecretBoxError } from '../../../shared/secrets/secret-box';
import { AD_ACCOUNT_HELD_UNIQUE, AdAccountEntity } from '../ad-account.entity';
import { AD_PLATFORM_UNAVAILABLE, HELD_ELSEWHERE, notOffered, STATE_UNKNOWN } from '../ad-account-messages';
import {
  AD_PLATFORM,
  AdConsentRefusedError,
  AdGrantRevokedError,
  AdPlatformUnavailableError,
  type AdPlatform,
  type ReadableAdAccount,
} from '../ad-platform.port';
import { AD_CHANNEL_LABELS, isAdProvider, type AdProvider } from '../ad-provider';
import { AdGrantsService, reasonText } from '../grants/ad-grants.service';
import { AdConnectStateEntity } from './ad-connect-state.entity';
import { consentRedirectUri } from './consent-scopes';

/** How long a consent may take, from the connect route to the callback. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;

/** What the provider sent the browser back with (RFC 6749 §4.1.2), as far as the platform reads it. */
export interface ConsentAnswer {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

export interface CompletedConsent {
  companyId: string;
  provider: AdProvider;
  /** What the grant may read; one of them is connected with POST /api/ad-accounts. */
  accounts: ReadableAdAccount[];
  /** The company's disconnected accounts the new grant reads again: connected again. */
  reconnected: string[];
}

const digestOf = (state: string): string => createHash('sha256').update(state).digest('hex');
const verifierContext = (digest: string): string => `ad-connect:${digest}`;

/**
 * Connecting an ad platform per company (decision 0043): the consent URL for a company's user
 * (a single-use, expiring `state` and a PKCE verifier kept for the callback), the callback that
 * redeems the code, stores the grant sealed and lists what it may read, and that list again later.
 */
@Injectable()
export class AdConnectService {
  private readonly publicUrl: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    private readonly grants: AdGrantsService,
    private readonly box: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
    env: AdAccountsEnvironment,
    shared: BaseEnvironment,
  ) {
    this.publicUrl = publicUrlOf({ PLATFORM_PUBLIC_URL: env.PLATFORM_PUBLIC_URL, PORT: shared.PORT });
  }

  /** The provider's consent page for the company's user; 404 for a provider this platform does not offer. */
  async begin(companyId: string, userId: string, provider: string): Promise<string> {
    const adProvider = this.offered(provider);
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const digest = digestOf(state);
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const states = CompanyScopedRepository.of(manager, AdConnectStateEntity, companyId);
      // Abandoned consents of the company go when the next one starts.
      await states.delete({ expiresAt: LessThan(now) });
      await states.save(
        states.create({
          provider: adProvider,
          userId,
          stateDigest: digest,
          codeVerifier: this.box.seal(verifier, verifierContext(digest)),
          expiresAt: new Date(now.getTime() + CONSENT_TTL_MS),
        }),
      );
    });
    return this.platform.consentUrl(adProvider, {
      state,
      redirectUri: consentRedirectUri(this.publicUrl, adProvider),
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    });
  }

  /**
   * The browser back from the consent page: the state is used up (whatever follows), the code
   * redeemed, the grant stored and what it may read listed. 400 for a missing, unknown, used or
   * expired state or a missing code; 422 when the user declined or the provider refused the code;
   * 503 when the provider cannot be reached.
   */
  async complete(provider: string, answer: ConsentAnswer): Promise<CompletedConsent> {
    const adProvider = this.offered(provider);
    if (!answer.state) throw new AppError('invalid', 'state is required.', { state: ['state is required.'] });
    const pending = await this.consume(adProvider, answer.state);
    const label = AD_CHANNEL_LABELS[adProvider];
    if (answer.error !== undefined) {
      const why = `${label} consent not given: ${answer.errorDescription ?? answer.error}`;
      throw new AppError('unprocessable', why, { error: [why] });
    }
    if (!answer.code) throw new AppError('invalid', 'code is required.', { code: ['code is required.'] });
    const verifier = this.verifierOf(pending);
    const redirectUri = consentRedirectUri(this.publicUrl, adProvider);
    const tokens = await this.answered(() => this.platform.redeemCode(adProvider, answer.code!, redirectUri, verifier));
    const accounts = await this.answered(() =>
      this.platform.readableAccounts(adProvider, { accessToken: tokens.accessToken }).catch((error: unknown) => {
        // A grant refused the moment it was issued (the user took the scope back): nothing to store.
        if (error instanceof AdGrantRevokedError) throw new AdConsentRefusedError(error.message);
        throw error;
      }),
    );
    await this.dataSource.transaction((manager) =>
      this.grants.store(manager, pending.companyId, adProvider, pending.userId, tokens),
    );
    const reconnected = await this.reconnect(pending.companyId, adProvider, accounts);
    return { companyId: pending.companyId, provider: adProvider, accounts, reconnected };
  }

  /** What the company's grant of the provider may read now; 404 without a working grant. */
  async readable(companyId: string, provider: string): Promise<ReadableAdAccount[]> {
    const adProvider = this.offered(provider);
    try {
      return await this.answered(() =>
        this.grants.withAccess(companyId, adProvider, (access) => this.platform.readableAccounts(adProvider, access)),
      );
    } catch (error) {
      if (error instanceof AdGrantRevokedError) throw new AppError('not_found', error.message);
      throw error;
    }
  }

  private offered(provider: string): AdProvider {
    if (!isAdProvider(provider) || !this.platform.offers(provider)) throw new AppError('not_found', notOffered(provider));
    return provider;
  }

  /** The pending consent the state stands for, deleted: only one request wins it, and only before it expires. */
  private async consume(provider: AdProvider, state: string): Promise<AdConnectStateEntity> {
    const refused = new AppError('invalid', STATE_UNKNOWN, { state: [STATE_UNKNOWN] });
    if (state.length > 512) throw refused;
    // Cross-company by nature: the browser comes back without a token, and the state is what names the company.
    const states = crossCompanyRepository(this.dataSource, AdConnectStateEntity);
    const pending = await states.findOneBy({ stateDigest: digestOf(state) });
    if (!pending || pending.provider !== provider) throw refused;
    const won = (await states.delete({ id: pending.id })).affected === 1;
    if (!won || pending.expiresAt.getTime() <= this.clock.now().getTime()) throw refused;
    return pending;
  }

  /** The PKCE verifier kept for the consent; a key rotated away meanwhile makes the state as good as unknown. */
  private verifierOf(pending: AdConnectStateEntity): string {
    try {
      return this.box.open(pending.codeVerifier, verifierContext(pending.stateDigest));
    } catch (error) {
      if (error instanceof SecretBoxError) throw new AppError('invalid', STATE_UNKNOWN, { state: [STATE_UNKNOWN] });
      throw error;
    }
  }

  /**
   * The company's disconnected accounts of the provider that the new grant reads are connected
   * again, one at a time: one that another company connected meanwhile stays disconnected (the
   * partial unique index decides) and says so.
   */
  private async reconnect(companyId: string, provider: AdProvider, readable: ReadableAdAccount[]): Promise<string[]> {
    const ids = new Set(readable.map((account) => account.accountId));
    const accounts = CompanyScopedRepository.of(this.dataSource, AdAccountEntity, companyId);
    const reconnected: string[] = [];
    for (const account of await accounts.findBy({ provider, status: 'disconnected' })) {
      if (!ids.has(account.accountId)) continue;
      try {
        await accounts.update({ id: account.id, status: 'disconnected' }, { status: 'connected', disconnectedReason: null });
        reconnected.push(account.accountId);
      } catch (error) {
        if (!isUniqueViolation(error, AD_ACCOUNT_HELD_UNIQUE)) throw error;
        await accounts.update({ id: account.id }, { disconnectedReason: reasonText(HELD_ELSEWHERE) });
      }
    }
    return reconnected;
  }

  /** The provider's answer; its refusals and outages as the API's errors. */
  private async answered<T>(ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof AdConsentRefusedError) throw new AppError('unprocessable', error.message, { code: [error.message] });
      if (error instanceof AdPlatformUnavailableError) throw new AppError('unavailable', AD_PLATFORM_UNAVAILABLE);
      throw error;
    }
  }
}
