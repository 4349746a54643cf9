import { Injectable } from '@nestjs/common';
import { renderTemplate } from '../../definition/template-renderer';
import { StepFailure } from '../steps/step-failure';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';
import { templateContextOf } from './template-context';
import { messageIdForKey, stepRequest, stepRequestEvent } from './workflow-message-id';

/** Messaging's limit on a text. */
const SMS_MAX_LENGTH = 2000;

/**
 * `send_sms`: asks messaging to text the contact (`workflow_step.sms_requested`), appended in the
 * step's transaction; messaging queues it through its inbox under the step's key, so the text is
 * queued once however often the request arrives. Messaging's own rules still apply there (opt-outs,
 * send window, a sender number in the workspace).
 */
@Injectable()
export class SendSmsAction implements ActionExecutor {
  readonly type = 'send_sms';
  readonly leavesContact = true;
  readonly sendsNoStatement = true;

  async execute({ run, node, contact, step, emit }: StepContext): Promise<StepOutcome> {
    if (!contact.phone) throw new StepFailure('The contact has no phone number to text.');
    const body = renderTemplate(String(node.config.message ?? ''), templateContextOf(contact), SMS_MAX_LENGTH);
    if (body.trim() === '') throw new StepFailure('The message is empty once its fields are filled in.');
    const request = stepRequest(run, step);
    const messageId = messageIdForKey(request.key);
    emit(
      stepRequestEvent('workflow_step.sms_requested', request, {
        message_id: messageId,
        contact_id: contact.id,
        to: contact.phone,
        first_name: contact.firstName,
        body,
      }),
    );
    return { kind: 'next', detail: { message_id: messageId, to: contact.phone } };
  }
}
