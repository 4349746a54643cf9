import { Injectable } from '@nestjs/common';
import { renderTemplate } from '../../definition/template-renderer';
import { StepFailure } from '../steps/step-failure';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';
import { templateContextOf } from './template-context';
import { stepRequest, stepRequestEvent } from './workflow-message-id';

const SUBJECT_MAX_LENGTH = 998;
const BODY_MAX_LENGTH = 100_000;

/**
 * `send_email`: asks messaging to email the contact from the company's domain
 * (`workflow_step.email_requested`); messaging sends it under the step's key as its `request_key`,
 * so one step is one email however often the request arrives.
 */
@Injectable()
export class SendEmailAction implements ActionExecutor {
  readonly type = 'send_email';
  readonly leavesContact = true;
  readonly sendsNoStatement = true;

  async execute({ run, node, contact, step, emit }: StepContext): Promise<StepOutcome> {
    if (!contact.email) throw new StepFailure('The contact has no email address.');
    const context = templateContextOf(contact);
    const subject = renderTemplate(String(node.config.subject ?? ''), context, SUBJECT_MAX_LENGTH).replace(/[\r\n]+/g, ' ');
    const text = renderTemplate(String(node.config.body ?? ''), context, BODY_MAX_LENGTH);
    if (subject.trim() === '' || text.trim() === '') throw new StepFailure('The email is empty once its fields are filled in.');
    const request = stepRequest(run, step);
    emit(
      stepRequestEvent('workflow_step.email_requested', request, {
        contact_id: contact.id,
        domain_id: String(node.config.domain_id),
        to: contact.email,
        subject,
        text,
      }),
    );
    return { kind: 'next', detail: { request_key: request.key, to: contact.email } };
  }
}
