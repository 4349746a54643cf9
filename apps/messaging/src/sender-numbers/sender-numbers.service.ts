import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { CARRIER, type Carrier, type SenderProvider } from '../carrier/carrier.port';
import { assertCompanyKnown } from '../shared/company-replica.guard';
import { SenderNumberEntity } from './sender-number.entity';
import { addToPool, removeFromPool } from './sender-pool';

/**
 * A workspace's sender pool for the operator routes and the admin CLI (the platform's phone-number
 * events reach it through PhoneNumberPoolHandler). A number belongs to one workspace at a time.
 */
@Injectable()
export class SenderNumbersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CARRIER) private readonly carrier: Carrier,
  ) {}

  /**
   * The provider a number is added as: the one named, which the active carrier must send from
   * (400 otherwise), or the carrier's own kind when none is named — none with `sendblue+twilio`,
   * whose pool holds both kinds: there the operator must say (400), unless the caller gives a fallback.
   */
  providerFor(named: SenderProvider | undefined, fallback?: SenderProvider): SenderProvider {
    const provider = named ?? this.carrier.defaultSenderProvider ?? fallback ?? null;
    const kinds = this.carrier.senderProviders.join(' or ');
    if (provider === null) {
      const message = `provider is required with MESSAGING_CARRIER=${this.carrier.name}: ${kinds}.`;
      throw new AppError('invalid', message, { provider: [message] });
    }
    if (!this.carrier.senderProviders.includes(provider)) {
      const message = `provider must be ${kinds} with MESSAGING_CARRIER=${this.carrier.name}, not ${provider}.`;
      throw new AppError('invalid', message, { provider: [message] });
    }
    return provider;
  }

  /**
   * Adds a number as `provider`'s (providerFor), or brings a removed one back (its warm-up starts
   * again: `added_at` is reset, since carriers judge a number by its recent history). Adding an
   * active number again changes nothing but its provider. 409 when the number is another workspace's.
   */
  async add(companyId: string, number: string, provider?: SenderProvider): Promise<SenderNumberEntity> {
    const kind = this.providerFor(provider);
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      if (!(await addToPool(manager, companyId, number, kind))) {
        throw new AppError('conflict', `${number} is already a sender number of another workspace.`);
      }
      return manager.getRepository(SenderNumberEntity).findOneByOrFail({ number });
    });
  }

  async list(companyId: string): Promise<SenderNumberEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      return manager.getRepository(SenderNumberEntity).find({ where: { companyId }, order: { status: 'ASC', number: 'ASC' } });
    });
  }

  /**
   * Takes a number out of the pool. Conversations pinned to it keep the pin until their next
   * message, which re-pins them (recorded in sender_pin_changes). Removing twice answers the same.
   */
  async remove(companyId: string, number: string): Promise<SenderNumberEntity> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      const row = await removeFromPool(manager, companyId, number);
      if (!row) throw new AppError('not_found', `${number} is not a sender number of workspace ${companyId}.`);
      return row;
    });
  }
}
