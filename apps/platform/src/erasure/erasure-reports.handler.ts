import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { ContactErasureService } from './contact-erasure.service';

/** The other apps' reports of their part of an erasure, recorded on the erasure (GET /api/contacts/{id}/erase). */
@Injectable()
export class ErasureReportsHandler {
  constructor(private readonly erasures: ContactErasureService) {}

  @OnEvent('contact.erased')
  async messaging({ data }: DomainEvent<'contact.erased'>, manager: EntityManager): Promise<void> {
    await this.erasures.recordReport(manager, data.company_id, data.crm_contact_id, 'messaging', new Date(data.erased_at));
  }

  @OnEvent('webhook.contact_erased')
  async webhookDispatch({ data }: DomainEvent<'webhook.contact_erased'>, manager: EntityManager): Promise<void> {
    await this.erasures.recordReport(manager, data.company_id, data.crm_contact_id, 'webhook-dispatch', new Date(data.erased_at));
  }
}
