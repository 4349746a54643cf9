import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { EmailDomainsService } from '../domains/email-domains.service';
import type { EmailDomainEntity } from '../domains/email-domain.entity';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { CompanyScopedRepository, isForeignKeyViolation } from '@suite/database';
import { EmailMailboxEntity } from './email-mailbox.entity';

export interface MailboxWithDomain {
  mailbox: EmailMailboxEntity;
  domain: EmailDomainEntity;
}

/** Mailboxes (sender addresses) on a workspace's domains. */
@Injectable()
export class EmailMailboxesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly domains: EmailDomainsService,
  ) {}

  async create(
    companyId: string,
    domainId: string,
    input: { localPart: string; displayName: string | null },
  ): Promise<MailboxWithDomain> {
    const domain = await this.domains.get(companyId, domainId);
    const id = randomUUID();
    const mailboxes = this.mailboxesOf(companyId);
    let inserted: number;
    try {
      inserted = await mailboxes.insertIgnoringExisting([
        mailboxes.create({ id, domainId: domain.id, localPart: input.localPart, displayName: input.displayName || null }),
      ]);
    } catch (error) {
      // The domain was deleted after we read it.
      if (isForeignKeyViolation(error)) throw new AppError('not_found', EMAIL_NOT_FOUND.domain);
      throw error;
    }
    if (inserted === 0) throw new AppError('conflict', `The mailbox ${input.localPart}@${domain.name} already exists.`);
    const mailbox = await mailboxes.findOneBy({ id });
    if (!mailbox) throw new Error(`mailbox ${id} vanished after it was created`);
    return { mailbox, domain };
  }

  async listOfDomain(companyId: string, domainId: string): Promise<MailboxWithDomain[]> {
    const domain = await this.domains.get(companyId, domainId);
    const mailboxes = await this.mailboxesOf(companyId).find({ where: { domainId: domain.id }, order: { localPart: 'ASC' } });
    return mailboxes.map((mailbox) => ({ mailbox, domain }));
  }

  async get(companyId: string, id: string): Promise<MailboxWithDomain> {
    const mailbox = await this.mailboxesOf(companyId).findOne({ where: { id }, relations: { domain: true } });
    if (!mailbox?.domain) throw new AppError('not_found', EMAIL_NOT_FOUND.mailbox);
    return { mailbox, domain: mailbox.domain };
  }

  async delete(companyId: string, id: string): Promise<void> {
    const deleted = await this.mailboxesOf(companyId).delete({ id });
    if (deleted === 0) throw new AppError('not_found', EMAIL_NOT_FOUND.mailbox);
  }

  private mailboxesOf(companyId: string): CompanyScopedRepository<EmailMailboxEntity> {
    return CompanyScopedRepository.of(this.dataSource, EmailMailboxEntity, companyId);
  }
}
