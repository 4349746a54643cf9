import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError, normalizePhone, PHONE_FORMS } from '@suite/http';
import { CARRIER, type Carrier } from '../carrier/carrier.port';
import { SandboxCarrier } from '../carrier/sandbox/sandbox-carrier';
import type { SandboxInboundInput } from '../carrier/sandbox/sandbox-inbound';
import { MessageEntity } from '../messages/message.entity';
import { SenderNumberEntity } from '../sender-numbers/sender-number.entity';

/**
 * `POST /v1/sandbox/inbound`: a person texting one of the caller's numbers, simulated. The
 * sandbox carrier signs an inbound callback and submits it to the callback sink — the same
 * verification and dispatch as a real carrier's webhook, never a shortcut into the database.
 */
@Injectable()
export class SandboxInboundService {
  constructor(
    @Inject(CARRIER) private readonly carrier: Carrier,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async simulate(companyId: string, input: SandboxInboundInput): Promise<MessageEntity> {
    if (!(this.carrier instanceof SandboxCarrier)) throw new AppError('not_found', 'The sandbox carrier is not active.');
    const from = normalizePhone(input.from);
    const to = normalizePhone(input.to);
    if (from === null || to === null)
      throw new AppError('invalid', `${from === null ? 'from' : 'to'} must be a valid phone number: ${PHONE_FORMS}.`);
    // Removed numbers too: a person can still answer a number that left the pool.
    if (!(await this.dataSource.getRepository(SenderNumberEntity).existsBy({ number: to, companyId }))) {
      throw new AppError('not_found', `${to} is not one of this workspace's sender numbers.`);
    }
    if (from === to) throw new AppError('invalid', 'from must be the person texting in, not the sender number itself.');
    const { carrierMessageId } = await this.carrier.simulateInbound({ from, to, body: input.body });
    const message = await this.dataSource.getRepository(MessageEntity).findOneBy({ carrierMessageId, companyId });
    if (!message) throw new AppError('unavailable', 'The simulated message was not stored; try again.');
    return message;
  }
}
