import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { EmailMailboxEntity } from '../mailboxes/email-mailbox.entity';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { CompanyScopedRepository, isForeignKeyViolation } from '@suite/database';
import { EmailDomainEntity } from './email-domain.entity';

/** A workspace's sending domains. Every query is scoped by the company. */
@Injectable()
export class EmailDomainsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(companyId: string, name: string): Promise<EmailDomainEntity> {
    const id = randomUUID();
    const domains = domainsOf(this.dataSource, companyId);
    // ON CONFLICT DO NOTHING rather than catching the unique violation: a duplicate is an
    // ordinary answer (409), not a failed query in the database log.
    const inserted = await domains.insertIgnoringExisting([domains.create({ id, name })]);
    if (inserted === 0) throw new AppError('conflict', `The domain ${name} already exists in this workspace.`);
    const domain = await domains.findOneBy({ id });
    if (!domain) throw new Error(`email domain ${id} vanished after it was created`);
    return domain;
  }

  list(companyId: string): Promise<EmailDomainEntity[]> {
    return domainsOf(this.dataSource, companyId).find({ order: { name: 'ASC' } });
  }

  async get(companyId: string, id: string): Promise<EmailDomainEntity> {
    const domain = await domainsOf(this.dataSource, companyId).findOneBy({ id });
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
        const domains = domainsOf(manager, companyId);
        const domain = await domains.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!domain) throw new AppError('not_found', EMAIL_NOT_FOUND.domain);
        // A domain's mailboxes are of its company (created on the domain found in the company).
        const mailboxes = await CompanyScopedRepository.of(manager, EmailMailboxEntity, companyId).count({
          where: { domainId: id },
        });
        if (mailboxes > 0) throw domainInUse(domain.name, mailboxes);
        await domains.delete({ id });
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

const domainsOf = (source: DataSource | EntityManager, companyId: string) =>
  CompanyScopedRepository.of(source, EmailDomainEntity, companyId);
