import { CompanyScopedRepository, CompanyScopedSql, entityTable } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { EventRelevance, OnEvent } from '@suite/eventing';
import { ContactEntity } from '../../../crm';
import { WorkflowEntity } from '../../workflow.entity';
import { RunStarter } from '../runs/run-starter';
import type { TriggerFacts } from './trigger-occurrence';

/** A phone number rarely belongs to more than one lead; a bound keeps one event's runs few. */
const CONTACTS_PER_NUMBER = 10;

/**
 * The suite's events that start workflow runs, each as its catalog trigger (consumed from Kafka
 * through the inbox: the runs started and the event's dedup row commit together). Messaging and
 * calls know a phone number; the run is for the company's live contacts with that number.
 */
@Injectable()
export class WorkflowTriggersHandler {
  constructor(
    private readonly starter: RunStarter,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @OnEvent('crm_contact.created')
  async contactCreated({ id, data }: DomainEvent<'crm_contact.created'>, manager: EntityManager): Promise<void> {
    await this.fire(manager, data.company_id, 'contact_created', id, [data.id], { source: data.source });
  }

  @OnEvent('crm_contact.tags_added')
  async tagsAdded({ id, data }: DomainEvent<'crm_contact.tags_added'>, manager: EntityManager): Promise<void> {
    await this.fire(manager, data.company_id, 'tag_added', id, [data.id], { addedTags: data.added_tags });
  }

  /**
   * Before a chunk's transaction: a `crm_contact.tags_added` of a company none of whose active
   * workflows has a `tag_added` trigger would start nothing, so it skips the inbox (the platform
   * publishes one for every tag its own steps add, and takes it back). One read per company of the
   * chunk, outside any transaction — the read `tagsAdded` makes (ActiveWorkflows), a moment
   * earlier: a workflow activated since then applies from the next chunk, as it would had the chunk
   * been handled then. The event is published all the same (the outbox is not touched).
   */
  @EventRelevance('crm_contact.tags_added')
  async tagsAddedRelevance(events: ReadonlyArray<DomainEvent<'crm_contact.tags_added'>>): Promise<boolean[]> {
    const companies = new Map<string, Promise<boolean>>();
    // Plain SQL: TypeORM's `exists` built its query anew for every chunk (~1.7 % of a burst's CPU).
    const workflows = entityTable(this.dataSource, WorkflowEntity);
    const triggered = async (companyId: string) => {
      const [row] = await CompanyScopedSql.of(this.dataSource, companyId).rows<{ triggered: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${workflows}
                         WHERE company_id = $1 AND status = 'active' AND active_trigger_types @> ARRAY['tag_added']::text[]) AS triggered`,
      );
      return row!.triggered;
    };
    return Promise.all(
      events.map(({ data }) => {
        let answer = companies.get(data.company_id);
        if (!answer) companies.set(data.company_id, (answer = triggered(data.company_id)));
        return answer;
      }),
    );
  }

  @OnEvent('pipeline.contact_moved')
  async stageMoved({ id, data }: DomainEvent<'pipeline.contact_moved'>, manager: EntityManager): Promise<void> {
    await this.fire(manager, data.company_id, 'contact_stage_moved', id, [data.contact_id], {
      pipelineId: data.pipeline_id,
      stageId: data.to_stage_id,
    });
  }

  @OnEvent('message.received')
  async smsReceived({ id, data }: DomainEvent<'message.received'>, manager: EntityManager): Promise<void> {
    const contacts = await this.contactsWithPhone(manager, data.company_id, data.contact_phone);
    await this.fire(manager, data.company_id, 'sms_received', id, contacts, { body: data.body });
  }

  @OnEvent('conversation.replied')
  async smsReplied({ id, data }: DomainEvent<'conversation.replied'>, manager: EntityManager): Promise<void> {
    const contacts = await this.contactsWithPhone(manager, data.company_id, data.contact_phone);
    await this.fire(manager, data.company_id, 'sms_replied', id, contacts, { body: data.body });
  }

  @OnEvent('appointment.scheduled')
  async appointmentScheduled({ id, data }: DomainEvent<'appointment.scheduled'>, manager: EntityManager): Promise<void> {
    await this.fire(manager, data.company_id, 'appointment_scheduled', id, [data.contact_id], {});
  }

  @OnEvent('call.ended')
  async callEnded({ id, data }: DomainEvent<'call.ended'>, manager: EntityManager): Promise<void> {
    const phone = data.call_direction === 'inbound' ? data.caller_number : data.called_number;
    const contacts = data.contact_id ? [data.contact_id] : await this.contactsWithPhone(manager, data.company_id, phone);
    await this.fire(manager, data.company_id, 'call_ended', id, contacts, {
      disposition: data.disposition,
      callStatus: data.call_status,
    });
  }

  private async fire(
    manager: EntityManager,
    companyId: string,
    triggerType: string,
    eventId: string,
    contactIds: readonly string[],
    facts: TriggerFacts,
  ): Promise<void> {
    for (const contactId of contactIds) {
      await this.starter.start(manager, { companyId, triggerType, eventId, contactId, facts });
    }
  }

  private async contactsWithPhone(manager: EntityManager, companyId: string, phone: string): Promise<string[]> {
    const contacts = await CompanyScopedRepository.of(manager, ContactEntity, companyId).find({
      select: { id: true },
      where: { phone, deletedAt: IsNull() },
      order: { id: 'ASC' },
      take: CONTACTS_PER_NUMBER,
    });
    return contacts.map((contact) => contact.id);
  }
}
