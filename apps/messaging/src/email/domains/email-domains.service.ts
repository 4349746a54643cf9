import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { EmailMailboxEntity } from '../mailboxes/email-mailbox.entity';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { isForeignKeyViolation } from '@suite/database';
import { EmailDomainEntity } from './email-domain.entity';

/** A workspace's sending domains. Every query is scoped by the company. */
@Injectable()
export class EmailDomainsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(companyId: string, name: string): Promise<EmailDomainEntity> {
    const id = randomUUID();
    // ON CONFLICT DO NOTHING rather than catching the unique violation: a duplicate is an
    // ordinary answer (409), not a failed query in the database log.
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(EmailDomainEntity)
      .values({ id, companyId, name })
      .orIgnore()
      .returning(['id'])
      .execute();
    if ((inserted.raw as unknown[]).length === 0)
      throw new AppError('conflict', `The domain ${name} already exists in this workspace.`);
    return this.dataSource.getRepository(EmailDomainEntity).findOneByOrFail({ id, companyId });
  }

  list(companyId: string): Promise<EmailDomainEntity[]> {
    return this.dataSource.getRepository(EmailDomainEntity).find({ where: { companyId }, order: { name: 'ASC' } });
  }

  async get(companyId: string, id: string): Promise<EmailDomainEntity> {
    const domain = await this.dataSource.getRepository(EmailDomainEntity).findOneBy({ id, companyId });
    if (!domain) throw new AppError('not_found', EMAIL_NOT_FOUND.domain);
    return domain;
  }

  /**
   * Refused (409) while the domain has mailboxes: deleting them is the caller's explicit choice.
   * Sends already accepted keep their own copy of the sender and still go out.
   */
  async delete(companyId: string, id: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const domain = await manager
          .getRepository(EmailDomainEntity)
          .findOne({ where: { id, companyId }, lock: { mode: 'pessimistic_write' } });
        if (!domain) throw new AppError('not_found', EMAIL_NOT_FOUND.domain);
        const mailboxes = await manager.getRepository(EmailMailboxEntity).countBy({ domainId: id });
        if (mailboxes > 0) throw domainInUse(domain.name, mailboxes);
        await manager.getRepository(EmailDomainEntity).delete({ id, companyId });
      });
    } catch (error) {
      // A mailbox created between the count and the delete: the foreign key refuses.
      if (isForeignKeyViolation(error)) throw domainInUse('', 1);
      throw error;
    }
  }
}

const domainInUse = (name: string, mailboxes: number) =>
  new AppError(
    'conflict',
    `The domain ${name ? `${name} ` : ''}still has ${mailboxes === 1 ? 'a mailbox' : `${mailboxes} mailboxes`}; ` +
      `delete ${mailboxes === 1 ? 'it' : 'them'} first.`,
  );
