import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { CARRIER, type Carrier } from '../carrier/carrier.port';
import { addToPool, removeFromPool } from './sender-pool';

/**
 * Keeps the sender pools in step with the numbers companies buy in the platform: a purchased
 * number that can send SMS joins its company's pool, a released one leaves it (its conversations
 * are re-pinned on their next message, as after the operator route's DELETE). Writes through the
 * inbox's manager only, so a redelivered event changes nothing.
 *
 * Known limit: events of one number id stay in order (the subject is the Kafka key), but a
 * number released and bought again by the same company is a new id, possibly on another
 * partition; should the new purchase be handled before the old release, the release takes the
 * number out of the pool and an operator adds it back (POST /internal/workspaces/{id}/sender-numbers).
 */
@Injectable()
export class PhoneNumberPoolHandler {
  private readonly logger = new Logger(PhoneNumberPoolHandler.name);

  constructor(@Inject(CARRIER) private readonly carrier: Carrier) {}

  @OnEvent('phone_number.purchased')
  async purchased({ data }: DomainEvent<'phone_number.purchased'>, manager: EntityManager): Promise<void> {
    if (!data.capabilities.includes('SMS')) return;
    // A number bought in the platform is the telephony provider's: Twilio's beside Sendblue's lines (the sandbox's in sandbox mode).
    if (await addToPool(manager, data.company_id, data.phone_number, this.carrier.defaultSenderProvider ?? 'twilio')) return;
    // Another workspace has it in its pool (added by an operator): retrying cannot change that,
    // so the event is done; an operator decides which workspace keeps the number.
    this.logger.warn(
      { phone_number: data.phone_number, company_id: data.company_id, phone_number_id: data.id },
      'purchased number not added to the sender pool: another workspace has it',
    );
  }

  @OnEvent('phone_number.released')
  async released({ data }: DomainEvent<'phone_number.released'>, manager: EntityManager): Promise<void> {
    // Only this company's row: a number another workspace holds in its pool is not this release's to remove.
    await removeFromPool(manager, data.company_id, data.phone_number);
  }
}
