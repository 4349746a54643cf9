import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK, type KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { CLOCK, type Clock } from '@suite/time';
import { SigningKeysEnvironment } from './signing-keys-environment';
import { KeyEncryption } from './key-encryption';
import { SigningKeyEntity } from './signing-key.entity';

export const SIGNING_ALG = 'ES256';
/** A retired key stays published this long: well past the life of the tokens it signed. */
export const RETIRED_KEY_PUBLISHED_SECONDS = 7 * 24 * 3600;

export interface CurrentSigningKey {
  kid: string;
  privateKey: KeyLike;
}

/** Owns the ES256 signing keys: creates the first at start, signs with the newest, publishes the JWKS. */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private readonly logger = new Logger(SigningKeysService.name);
  private readonly encryption: KeyEncryption;
  private current: CurrentSigningKey | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    env: SigningKeysEnvironment,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.encryption = new KeyEncryption(env.AUTH_KEY_ENCRYPTION_SECRET);
  }

  async onModuleInit(): Promise<void> {
    if (!this.encryption.encrypts) {
      this.logger.warn('AUTH_KEY_ENCRYPTION_SECRET is not set: signing private keys are stored unencrypted');
    }
    this.current = await this.loadOrCreate();
  }

  async currentKey(): Promise<CurrentSigningKey> {
    this.current ??= await this.loadOrCreate();
    return this.current;
  }

  /** Keys to publish: every unretired key plus those retired recently. */
  async publicKeys(): Promise<JWK[]> {
    const since = new Date(this.clock.now().getTime() - RETIRED_KEY_PUBLISHED_SECONDS * 1000);
    const keys = await this.dataSource.getRepository(SigningKeyEntity).find({
      where: [{ retiredAt: IsNull() }, { retiredAt: MoreThan(since) }],
      order: { createdAt: 'DESC' },
    });
    return keys.map((key) => key.publicJwk as unknown as JWK);
  }

  /**
   * The newest unretired key, created under a transaction-scoped advisory lock when there is
   * none, so replicas starting together agree on one.
   */
  private async loadOrCreate(): Promise<CurrentSigningKey> {
    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('auth.signing_keys', 0))`);
      const repository = manager.getRepository(SigningKeyEntity);
      const existing = await repository.findOne({
        where: { retiredAt: IsNull(), alg: SIGNING_ALG },
        order: { createdAt: 'DESC' },
      });
      if (existing) return existing;
      const kid = randomUUID();
      const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const jwk = await exportJWK(publicKey);
      const publicJwk = { kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y!, kid, alg: SIGNING_ALG, use: 'sig' };
      const pem = await exportPKCS8(privateKey);
      this.logger.log(`created signing key ${kid}`);
      return repository.save(
        repository.create({ kid, alg: SIGNING_ALG, publicJwk, privateKey: this.encryption.seal(pem, kid), retiredAt: null }),
      );
    });
    return { kid: row.kid, privateKey: await importPKCS8(this.encryption.open(row.privateKey, row.kid), SIGNING_ALG) };
  }
}
