import { Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { SendEmailRequest } from '../email/sends/dto/send-email.request';
import { EmailSendsService } from '../email/sends/email-sends.service';
import { logRefusal, refusalOf, untrustedTextProblem } from './request-refusal';

/**
 * `workflow_step.email_requested`: queues the email (and its send job) in the inbox's
 * transaction with request_key = the request's idempotency key, through the same checks as
 * POST /v1/emails (the request DTO's rules, the domain must be the company's). Exactly once: a
 * redelivery stops at the inbox; the same request under another event id finds its request_key
 * taken (the unique (company_id, request_key)) and is answered as a replay, writing nothing.
 */
@Injectable()
export class WorkflowEmailRequestHandler {
  private readonly logger = new Logger(WorkflowEmailRequestHandler.name);

  constructor(private readonly emails: EmailSendsService) {}

  @OnEvent('workflow_step.email_requested')
  async requested({ data }: DomainEvent<'workflow_step.email_requested'>, manager: EntityManager): Promise<void> {
    const request = plainToInstance(SendEmailRequest, {
      domain_id: data.domain_id,
      to: data.to,
      subject: data.subject,
      text: data.text,
      request_key: data.idempotency_key,
    });
    const problem = untrustedTextProblem(data) ?? requestProblem(request);
    if (problem) return logRefusal(this.logger, data, problem);
    try {
      await this.emails.sendIn(manager, data.company_id, request);
    } catch (error) {
      logRefusal(this.logger, data, refusalOf(error));
    }
  }
}

/** The first rule of POST /v1/emails the request breaks (a recipient that is no address, a subject over two lines…), or null. */
function requestProblem(request: SendEmailRequest): string | null {
  const [error] = validateSync(request);
  return error ? (Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`) : null;
}
