import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@suite/time';
import { ContactEntity } from '../contacts/contact.entity';
import { OptOutService } from '../inbound/opt-out.service';

/**
 * A provider that refuses a send because the recipient unsubscribed there (Twilio 21610: they
 * replied STOP to that number at Twilio) is told the truth about the contact: the contact is
 * opted out here too — `contact.opted_out`, pending messages cancelled, sends answered 403 —
 * exactly as an inbound STOP does, with the provider's code as the keyword. Runs after the
 * hand-off's commit in a transaction of its own that locks the contact (as every opt-out does);
 * the pending messages a claim or hand-off held are cancelled after it, without the contact's lock
 * (OptOutService).
 */
@Injectable()
export class CarrierOptOuts {
  private readonly logger = new Logger('ReleaseScheduler');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly optOuts: OptOutService,
  ) {}

  async optOut(companyId: string, phone: string, code: string): Promise<void> {
    const cancelledFirst = await this.dataSource.transaction(async (manager) => {
      const contact = await manager
        .getRepository(ContactEntity)
        .findOne({ where: { companyId, phone }, lock: { mode: 'pessimistic_write' } });
      if (!contact || contact.optedOut) return null;
      return this.optOuts.optOut(manager, contact, code.toUpperCase().slice(0, 32), this.clock.now());
    });
    if (cancelledFirst === null) return;
    // After the commit, without the contact's lock, those a claim or hand-off held (OptOutService: the lock order).
    const cancelled = cancelledFirst + (await this.optOuts.cancelPending({ companyId, phone }));
    this.logger.warn(
      `contact ${phone} of workspace ${companyId} opted out: the carrier says ${code} (${cancelled} pending cancelled)`,
    );
  }
}
