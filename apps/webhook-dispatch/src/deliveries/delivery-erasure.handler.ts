import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APPS, erasureMentions, type DomainEvent } from '@suite/contracts';
import { CompanyScopedRepository, CompanyScopedSql, entityTable } from '@suite/database';
import { forgetStoredEvents, newEvent, OnEvent, Outbox } from '@suite/eventing';
import { ERASED_PAYLOAD_SQL } from './erased-payload';
import { ErasedPhoneEntity } from './erased-phone.entity';
import { PendingErasureEntity } from './pending-erasure.entity';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/**
 * Webhook-dispatch's part of a CRM contact's erasure (decision 0050), in inbox transactions (a
 * restart in the middle redoes a pass; a redelivery changes nothing), in two passes:
 * - on `crm_contact.erased`, and again once messaging has reported its part (`contact.erased`):
 *   messaging's events about the number that were already on their way when it erased are
 *   delivered in between, and the last pass scrubs them too (PendingErasureEntity);
 * - a delivery is the contact's when its payload names the contact (`lead_id`, `contact_id`) or
 *   mentions its number, email or full name (an sms.* payload carries the number and the text):
 *   its payload becomes `{}` and its attempts' answers and errors are emptied; one still pending is
 *   failed, never sent (its job finds it no longer pending and stops), and none is replayed (409);
 * - any other attempt answer that mentions the person is emptied (a receiver may echo anything);
 * - stored events that mention the person go (forgetStoredEvents);
 * after the last pass `webhook.contact_erased` reports it done. The contact replica's number is CrmListsHandler's.
 */
@Injectable()
export class DeliveryErasureHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  @OnEvent('crm_contact.erased')
  async erase({ data }: DomainEvent<'crm_contact.erased'>, manager: EntityManager): Promise<void> {
    const mentions = erasureMentions(data).map((value) => value.toLowerCase());
    // From now on the fan-out skips this number's events (ErasedPhoneEntity), until the last pass and for what preceded it.
    if (data.phone)
      await CompanyScopedSql.of(manager, data.company_id).run(
        `INSERT INTO ${entityTable(this.dataSource, ErasedPhoneEntity)} (company_id, phone_hash, erased_at)
         VALUES ($1, webhooks.erased_phone_hash($1, $2), NULL)
         ON CONFLICT (company_id, phone_hash) DO UPDATE SET erased_at = NULL`,
        [data.phone],
      );
    const scrubbed = await this.scrub(manager, data.company_id, data.id, mentions);
    const pending = await this.pendingOf(manager, data.company_id, data.id);
    if (pending?.messagingDone) return this.finish(manager, data.company_id, data.id, pending.scrubbed + scrubbed, mentions);
    const pendings = this.pendings(manager, data.company_id);
    await pendings.save(pendings.create({ contactId: data.id, mentions, messagingDone: false, scrubbed }));
  }

  @OnEvent('contact.erased')
  async messagingErased({ data }: DomainEvent<'contact.erased'>, manager: EntityManager): Promise<void> {
    const pending = await this.pendingOf(manager, data.company_id, data.crm_contact_id);
    if (!pending?.mentions) {
      // Messaging was first: the last pass runs with crm_contact.erased.
      const pendings = this.pendings(manager, data.company_id);
      await pendings.save(pendings.create({ contactId: data.crm_contact_id, mentions: null, messagingDone: true, scrubbed: 0 }));
      return;
    }
    const scrubbed = await this.scrub(manager, data.company_id, data.crm_contact_id, pending.mentions);
    await this.finish(manager, data.company_id, data.crm_contact_id, pending.scrubbed + scrubbed, pending.mentions);
  }

  private pendingOf(manager: EntityManager, companyId: string, contactId: string): Promise<PendingErasureEntity | null> {
    return this.pendings(manager, companyId).findOne({ where: { contactId }, lock: { mode: 'pessimistic_write' } });
  }

  private pendings(manager: EntityManager, companyId: string): CompanyScopedRepository<PendingErasureEntity> {
    return CompanyScopedRepository.of(manager, PendingErasureEntity, companyId);
  }

  /** One pass; answers how many deliveries it scrubbed. */
  private async scrub(
    manager: EntityManager,
    companyId: string,
    contactId: string,
    mentions: readonly string[],
  ): Promise<number> {
    const deliveries = entityTable(this.dataSource, WebhookDeliveryEntity);
    const attempts = entityTable(this.dataSource, WebhookAttemptEntity);
    const mentioned = (column: string) => `EXISTS (SELECT 1 FROM unnest($3::text[]) m WHERE strpos(lower(${column}), m) > 0)`;
    const scrubbed = await CompanyScopedSql.of(manager, companyId).rows<{ n: number }>(
      `WITH scrubbed AS (
         UPDATE ${deliveries} d
            SET data = ${ERASED_PAYLOAD_SQL}, updated_at = now(),
                status = CASE WHEN d.status = 'pending' THEN 'failed' ELSE d.status END,
                next_attempt_at = CASE WHEN d.status = 'pending' THEN NULL ELSE d.next_attempt_at END
          WHERE d.company_id = $1 AND d.data <> ${ERASED_PAYLOAD_SQL}
            AND (d.data->>'lead_id' = $2 OR d.data->>'contact_id' = $2 OR ${mentioned('d.data::text')})
         RETURNING d.id),
       answers AS (
         UPDATE ${attempts} a SET response_body = '', error = NULL
          WHERE a.company_id = $1
            AND (a.delivery_id IN (SELECT id FROM scrubbed) OR ${mentioned('a.response_body')} OR ${mentioned("coalesce(a.error, '')")})
         RETURNING 1)
       SELECT (SELECT count(*) FROM scrubbed)::int AS n, (SELECT count(*) FROM answers)::int AS answers`,
      [contactId, mentions],
    );
    await forgetStoredEvents(manager, APPS['webhook-dispatch'].schema, { mentions });
    return scrubbed[0]?.n ?? 0;
  }

  /**
   * The last pass is done: the person's values go with the pending row, the number's events from
   * before now stay skipped (erased_at), and the platform is told.
   */
  private async finish(
    manager: EntityManager,
    companyId: string,
    contactId: string,
    scrubbed: number,
    mentions: readonly string[],
  ): Promise<void> {
    // The number is one of the mentions (lower-cased: an E.164 number has no letters).
    await CompanyScopedSql.of(manager, companyId).run(
      `UPDATE ${entityTable(this.dataSource, ErasedPhoneEntity)} SET erased_at = now()
        WHERE company_id = $1 AND erased_at IS NULL
          AND phone_hash IN (SELECT webhooks.erased_phone_hash($1, m) FROM unnest($2::text[]) AS m)`,
      [mentions],
    );
    await this.pendings(manager, companyId).delete({ contactId });
    await this.outbox.append(
      manager,
      newEvent('webhook.contact_erased', {
        companyId,
        subject: `${companyId}:crm:${contactId}`,
        data: {
          company_id: companyId,
          crm_contact_id: contactId,
          deliveries_scrubbed: scrubbed,
          erased_at: new Date().toISOString(),
        },
      }),
    );
  }
}
