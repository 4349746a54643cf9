import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { SmsMessageEntity } from './sms-message.entity';
import { statusesBelow, type SmsReportStatus } from './sms-report-status';

type OutboundMessageEvent = DomainEvent<
  'message.queued' | 'message.sent' | 'message.delivered' | 'message.failed' | 'message.cancelled' | 'message.no_channel'
>;

/**
 * Keeps `sms_messages` from messaging's events, in the inbox transaction (a redelivered event
 * changes nothing). Insert-or-skip, then move the status forward only: two statements, no read.
 */
@Injectable()
export class SmsReadModelHandler {
  @OnEvent('message.queued', 'message.sent', 'message.delivered', 'message.failed', 'message.cancelled', 'message.no_channel')
  async outbound({ data }: OutboundMessageEvent, manager: EntityManager): Promise<void> {
    if (data.direction !== 'outbound' || data.status === 'received') return;
    const status: SmsReportStatus = data.status;
    const messages = CompanyScopedRepository.of(manager, SmsMessageEntity, data.company_id);
    const inserted = await messages.insertIgnoringExisting([
      messages.create({ messageId: data.message_id, status, createdAt: new Date(data.created_at) }),
    ]);
    if (inserted > 0) return;
    const below = statusesBelow(status);
    if (below.length > 0) await messages.update({ messageId: data.message_id, status: In(below) }, { status });
  }
}
