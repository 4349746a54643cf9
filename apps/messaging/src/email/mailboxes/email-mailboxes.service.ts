import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { EmailDomainsService } from '../domains/email-domains.service';
import type { EmailDomainEntity } from '../domains/email-domain.entity';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { isForeignKeyViolation } from '@suite/database';
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
    let inserted: unknown[];
    try {
      const result = await this.dataSource
        .createQueryBuilder()
        .insert()
        .into(EmailMailboxEntity)
        .values({ id, companyId, domainId: domain.id, localPart: input.localPart, displayName: input.displayName || null })
        .orIgnore()
        .returning(['id'])
        .execute();
      inserted = result.raw as unknown[];
    } catch (error) {
      // The domain was deleted after we read it.
      if (isForeignKeyViolation(error)) throw new AppError('not_found', EMAIL_NOT_FOUND.domain);
      throw error;
    }
    if (inserted.length === 0) throw new AppError('conflict', `The mailbox ${input.localPart}@${domain.name} already exists.`);
    return { mailbox: await this.dataSource.getRepository(EmailMailboxEntity).findOneByOrFail({ id, companyId }), domain };
  }

  async listOfDomain(companyId: string, domainId: string): Promise<MailboxWithDomain[]> {
    const domain = await this.domains.get(companyId, domainId);
    const mailboxes = await this.dataSource
      .getRepository(EmailMailboxEntity)
      .find({ where: { companyId, domainId: domain.id }, order: { localPart: 'ASC' } });
    return mailboxes.map((mailbox) => ({ mailbox, domain }));
  }

  async get(companyId: string, id: string): Promise<MailboxWithDomain> {
    const mailbox = await this.dataSource
      .getRepository(EmailMailboxEntity)
      .findOne({ where: { id, companyId }, relations: { domain: true } });
    if (!mailbox?.domain) throw new AppError('not_found', EMAIL_NOT_FOUND.mailbox);
    return { mailbox, domain: mailbox.domain };
  }

  async delete(companyId: string, id: string): Promise<void> {
    const result = await this.dataSource.getRepository(EmailMailboxEntity).delete({ id, companyId });
    if (!result.affected) throw new AppError('not_found', EMAIL_NOT_FOUND.mailbox);
  }
}
