import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { MESSAGING_LIMITS } from '../messages/messaging-limits';
import { messageTextProblem } from '../messages/dto/send-message.request';
import { SendMessageService } from '../messages/send-message.service';
import { logRefusal, refusalOf, untrustedTextProblem } from './request-refusal';

/**
 * `workflow_step.sms_requested`: queues the text in the inbox's transaction, with the message id
 * the request names, so the queued message, its `message.queued` event and the inbox's dedup row
 * commit together. Exactly once: a redelivery of the same event stops at the inbox; the same
 * request under another event id (the platform appended it twice) finds its message id taken
 * and writes nothing (SendMessageService.queueIn).
 */
@Injectable()
export class WorkflowSmsRequestHandler {
  private readonly logger = new Logger(WorkflowSmsRequestHandler.name);

  constructor(private readonly sends: SendMessageService) {}

  @OnEvent('workflow_step.sms_requested')
  async requested({ data }: DomainEvent<'workflow_step.sms_requested'>, manager: EntityManager): Promise<void> {
    const problem = untrustedTextProblem(data) ?? messageTextProblem(data.body);
    if (problem) return logRefusal(this.logger, data, problem);
    const outcome = await this.sends.queueIn(
      manager,
      data.company_id,
      {
        to: data.to,
        body: data.body,
        firstName: firstNameOf(data.first_name),
        attachments: [],
        effect: null,
        // Not a teammate's nor the assistant's words: the service sending on the workflow's behalf.
        sender: 'system',
      },
      { id: data.message_id },
    );
    if ('existed' in outcome || outcome.ok) return;
    logRefusal(this.logger, data, refusalOf(outcome.error));
  }
}

/**
 * As POST /v1/messages takes it (trimmed, blank is none); one too long for the contact's column
 * is left out rather than refusing the text.
 */
function firstNameOf(firstName: string | null): string | null {
  const trimmed = firstName?.trim();
  return trimmed && trimmed.length <= MESSAGING_LIMITS.firstNameMaxLength ? trimmed : null;
}
