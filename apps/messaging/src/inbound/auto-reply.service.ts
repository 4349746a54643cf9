import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { MESSAGING_DEFAULTS } from '../workspace-settings/workspace-defaults';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { outboundMessageRow } from '../messages/message-rows';
import type { MessageEntity } from '../messages/message.entity';
import { insertOutboundMessages } from '../messages/outbound-message.insert';
import { CLOCK, type Clock } from '@suite/time';
import { WorkspaceSettingsService } from '../workspace-settings/workspace-settings.service';
import type { AutoReply } from './inbound-plan';

/**
 * Queues the service's own answer to an inbound keyword (author `system`), from the number the
 * person wrote to, for the scheduler to send like any message — except that it may go outside
 * the send window and to an opted-out contact (`bypass_window`, `bypass_opt_out`; decision
 * 0015): it answers a text the person has just sent, and the opt-out confirmation is by
 * definition sent to someone opted out.
 */
@Injectable()
export class AutoReplyService {
  constructor(
    private readonly settings: WorkspaceSettingsService,
    private readonly events: MessageEventsWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async queue(
    manager: EntityManager,
    reply: AutoReply,
    to: { companyId: string; contactPhone: string; fromNumber: string },
  ): Promise<MessageEntity> {
    const body =
      reply === 'help' ? (await this.settings.effective(manager, to.companyId)).helpReply : MESSAGING_DEFAULTS.optOutReply;
    const message = outboundMessageRow(
      { id: randomUUID(), ...to, body, sender: 'system', bypassWindow: true, bypassOptOut: true },
      this.clock.now(),
    );
    await insertOutboundMessages(manager, [message]);
    await this.events.appendFor(manager, message);
    return message;
  }
}
