import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { JobsRuntime } from '@suite/jobs';
import { AppError } from '@suite/http';
import { EMAIL_SEND_QUEUE, type EmailSendJob } from '../dispatch/email-send.queue';
import { EmailDomainEntity } from '../domains/email-domain.entity';
import { EmailMailboxEntity } from '../mailboxes/email-mailbox.entity';
import { EMAIL_NOT_FOUND, EMAIL_REFERENCE_REFUSED } from '../shared/email-messages';
import { messageIdOf, senderAddress } from '../shared/sender-address';
import { isUuid } from '../shared/uuid-or-not-found.pipe';
import { decodedBase64Length } from './attachment-rules';
import type { SendEmailRequest } from './dto/send-email.request';
import { EmailSendEntity } from './email-send.entity';
import { sendPayloadHash } from './send-payload-hash';

export interface SendResult {
  send: EmailSendEntity;
  /** True when request_key was seen before with the same payload: nothing new was stored or sent. */
  replayed: boolean;
}

interface ResolvedSender {
  domain: EmailDomainEntity;
  mailbox: EmailMailboxEntity | null;
}

/**
 * Accepting an email: validate ownership, store it `queued` with its send job in one transaction
 * (the dispatcher's workers run the job), and make `request_key` idempotent. The unique
 * (company_id, request_key) constraint decides races: the insert is `ON CONFLICT DO NOTHING`, so
 * of N concurrent identical requests exactly one row (and one job) is stored and the others read it back.
 */
@Injectable()
export class EmailSendsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
  ) {}

  /** POST /v1/emails: sendIn in a transaction of its own. */
  send(companyId: string, request: SendEmailRequest): Promise<SendResult> {
    return this.dataSource.transaction((manager) => this.sendIn(manager, companyId, request));
  }

  /**
   * The send inside `manager`'s transaction — POST /v1/emails's own, or an inbox handler's, so a
   * workflow's email and its job commit with the inbox's dedup row. A concurrent insert of the
   * same key makes ours wait for its commit and then do nothing (ON CONFLICT DO NOTHING under
   * READ COMMITTED), after which the winner is readable here.
   */
  async sendIn(manager: EntityManager, companyId: string, request: SendEmailRequest): Promise<SendResult> {
    const payloadHash = sendPayloadHash(request);
    // A replay answers with the first result even if the domain was deleted since.
    const earlier = await this.findByKey(manager, companyId, request.request_key);
    if (earlier) return replay(earlier, payloadHash);
    const sender = await this.resolveSender(manager, companyId, request.domain_id, request.mailbox_id ?? null);
    const stored = await this.insertQueued(manager, companyId, request, payloadHash, sender);
    if (stored) return { send: stored, replayed: false };
    const winner = await this.findByKey(manager, companyId, request.request_key);
    // A concurrent request with the same key committed first.
    if (!winner) throw new Error(`email send with request_key ${request.request_key} vanished after a conflict`);
    return replay(winner, payloadHash);
  }

  /** The queued send and its job; null when a send with this request_key exists already. */
  private async insertQueued(
    manager: EntityManager,
    companyId: string,
    request: SendEmailRequest,
    payloadHash: string,
    { domain, mailbox }: ResolvedSender,
  ): Promise<EmailSendEntity | null> {
    const id = randomUUID();
    const sender = senderAddress(domain.name, mailbox);
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(EmailSendEntity)
      .values({
        id,
        companyId,
        requestKey: request.request_key,
        payloadHash,
        domainId: domain.id,
        mailboxId: mailbox?.id ?? null,
        fromAddress: sender.address,
        fromName: sender.name,
        toAddress: request.to,
        subject: request.subject,
        text: request.text,
        attachments: (request.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          content_type: attachment.content_type,
          content: attachment.content,
          size: decodedBase64Length(attachment.content),
        })),
        messageId: messageIdOf(id, domain.name),
        status: 'queued',
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    if ((inserted.raw as unknown[]).length === 0) return null;
    await this.jobs.enqueue(manager, { queue: EMAIL_SEND_QUEUE, payload: { sendId: id } satisfies EmailSendJob });
    // Read before commit: the answer is the send as this request queued it, not a claim a
    // dispatcher may already have made (attempts 1, status sending) by the time a later read ran.
    return manager.getRepository(EmailSendEntity).findOneByOrFail({ id, companyId });
  }

  async get(companyId: string, id: string): Promise<EmailSendEntity> {
    const send = await this.dataSource.getRepository(EmailSendEntity).findOneBy({ id, companyId });
    if (!send) throw new AppError('not_found', EMAIL_NOT_FOUND.send);
    return send;
  }

  private findByKey(manager: EntityManager, companyId: string, requestKey: string): Promise<EmailSendEntity | null> {
    return manager.getRepository(EmailSendEntity).findOneBy({ companyId, requestKey });
  }

  /** The domain must be the workspace's; the mailbox, when given, the workspace's and on that domain (else 422 by field). */
  private async resolveSender(
    manager: EntityManager,
    companyId: string,
    domainId: string,
    mailboxId: string | null,
  ): Promise<ResolvedSender> {
    const domain = isUuid(domainId)
      ? await manager.getRepository(EmailDomainEntity).findOneBy({ id: domainId, companyId })
      : null;
    if (!domain) throw refused('domain_id', EMAIL_REFERENCE_REFUSED.domain);
    if (mailboxId === null) return { domain, mailbox: null };
    const mailbox = isUuid(mailboxId)
      ? await manager.getRepository(EmailMailboxEntity).findOneBy({ id: mailboxId, companyId })
      : null;
    if (!mailbox) throw refused('mailbox_id', EMAIL_REFERENCE_REFUSED.mailbox);
    if (mailbox.domainId !== domain.id) throw refused('mailbox_id', EMAIL_REFERENCE_REFUSED.mailboxOfDomain);
    return { domain, mailbox };
  }
}

const refused = (field: string, sentence: string) => new AppError('unprocessable', sentence, { [field]: [sentence] });

function replay(earlier: EmailSendEntity, payloadHash: string): SendResult {
  if (earlier.payloadHash !== payloadHash) {
    throw new AppError(
      'conflict',
      `request_key "${earlier.requestKey}" was already used for a different email; use a new request_key for a new send.`,
    );
  }
  return { send: earlier, replayed: true };
}
