import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { APPS, Topics } from '@suite/contracts';
import { forgetStoredEvents, newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { CONTACT_NOT_FOUND, ContactEntity, ContactsService } from '../crm';
import { ContactErasureEntity, ERASURE_NOT_FOUND } from './contact-erasure.entity';
import { erasureComplete } from './erasure-apps';
import { PlatformErasure } from './platform-erasure';

/** The apps that report their part, and the column their report sets. */
export type ReportingApp = 'messaging' | 'webhook-dispatch';
const REPORT_COLUMN = { messaging: 'messagingErasedAt', 'webhook-dispatch': 'webhookDispatchErasedAt' } as const;

/**
 * A contact's erasure (decision 0050): the platform's part and the `crm_contact.erased` event in
 * one transaction, under the contact's lock — a second request waits and finds the first one's
 * record, so asking twice erases once. The other apps act on the event through their inboxes and
 * report back; their reports complete the record.
 */
@Injectable()
export class ContactErasureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly platformErasure: PlatformErasure,
    private readonly outbox: Outbox,
  ) {}

  /** Erases the contact, live or already deleted; answers the record (the existing one when asked before). */
  request(companyId: string, contactId: string, requestedBy: string | null): Promise<ContactErasureEntity> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await CompanyScopedRepository.of(manager, ContactEntity, companyId).findOne({
        where: { id: contactId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!contact) throw new AppError('not_found', CONTACT_NOT_FOUND);
      const erasures = CompanyScopedRepository.of(manager, ContactErasureEntity, companyId);
      const earlier = await erasures.findOneBy({ contactId });
      if (earlier) return earlier;

      const deletedAt = contact.deletedAt ?? (await this.contacts.deleteLocked(manager, companyId, contact, requestedBy));
      await this.platformErasure.erase(manager, contact, deletedAt);
      const erasure = await erasures.save(
        erasures.create({
          contactId,
          requestedBy,
          requestedAt: new Date(),
          messagingErasedAt: null,
          webhookDispatchErasedAt: null,
          completedAt: null,
        }),
      );
      await this.outbox.append(
        manager,
        newEvent('crm_contact.erased', {
          companyId,
          subject: contactId,
          data: {
            id: contactId,
            company_id: companyId,
            phone: contact.phone,
            email: contact.email,
            first_name: contact.firstName,
            last_name: contact.lastName,
            erased_at: erasure.requestedAt.toISOString(),
            requested_by: requestedBy,
          },
        }),
      );
      return erasure;
    });
  }

  async get(companyId: string, contactId: string): Promise<ContactErasureEntity> {
    const erasure = await CompanyScopedRepository.of(this.dataSource, ContactErasureEntity, companyId).findOneBy({ contactId });
    if (!erasure) throw new AppError('not_found', ERASURE_NOT_FOUND);
    return erasure;
  }

  /**
   * An app's report, in the inbox transaction: the first report of an app counts, a repeat
   * changes nothing. With the last one the record is complete, and the `crm_contact.erased` event —
   * the last copy of the person's values in the platform — leaves the outbox.
   */
  async recordReport(manager: EntityManager, companyId: string, contactId: string, app: ReportingApp, at: Date): Promise<void> {
    const erasures = CompanyScopedRepository.of(manager, ContactErasureEntity, companyId);
    const erasure = await erasures.findOne({ where: { contactId }, lock: { mode: 'pessimistic_write' } });
    if (!erasure || erasure[REPORT_COLUMN[app]] !== null) return;
    erasure[REPORT_COLUMN[app]] = at;
    if (erasureComplete(erasure)) {
      erasure.completedAt = new Date();
      await forgetStoredEvents(manager, APPS.platform.schema, {
        mentions: [],
        subjects: [{ topic: Topics.platformContact, subject: contactId }],
      });
    }
    await erasures.save(erasure);
  }
}
