import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { APPS, erasureMentions, Topics, type ErasedPerson } from '@suite/contracts';
import { forgetStoredEvents } from '@suite/eventing';
import { AppointmentEntity, ContactEntity } from '../crm';
import { CallEntity, CampaignContactEntity, CallAttemptEntity } from '../voice';
import { ContactReplyEntity, WorkflowRunStepEntity, WorkflowRunEntity } from '../workflows';

/** What an erased contact's row keeps as its name: the column is required, and the row stays for the counts. */
export const ERASED_NAME = 'Erased contact';
/** What an appointment's title becomes (a title names the person as often as not). */
export const ERASED_TITLE = 'Erased';

/**
 * The platform's part of an erasure, in the caller's transaction (the contact locked): every
 * personal value of the contact is removed or replaced, and every row that counts for a figure
 * stays (the contact, its appointments and calls: the dashboard does not change). docs/privacy.md
 * lists what goes and what stays.
 */
@Injectable()
export class PlatformErasure {
  async erase(manager: EntityManager, contact: ContactEntity, deletedAt: Date): Promise<void> {
    const companyId = contact.companyId;
    const scoped = <T extends { companyId: string }>(entity: new () => T) =>
      CompanyScopedRepository.of(manager, entity, companyId);
    const person: ErasedPerson = {
      phone: contact.phone,
      email: contact.email,
      first_name: contact.firstName,
      last_name: contact.lastName,
    };

    // The contact: its name, numbers, tags and custom fields; source, assignment and dates stay (counts by channel, by day).
    await scoped(ContactEntity).update(
      { id: contact.id },
      { firstName: ERASED_NAME, lastName: null, phone: null, email: null, tags: [], customFields: {}, deletedAt },
    );

    const appointments = await scoped(AppointmentEntity).find({ select: { id: true }, where: { contactId: contact.id } });
    if (appointments.length > 0) await scoped(AppointmentEntity).update({ contactId: contact.id }, { title: ERASED_TITLE });

    // Calls with the contact, and calls from or to its number that no contact was matched to.
    const calls = await scoped(CallEntity).find({
      select: { id: true, callId: true },
      where: [
        { contactId: contact.id },
        ...(contact.phone ? [{ callerNumber: contact.phone }, { calledNumber: contact.phone }] : []),
      ],
    });
    if (calls.length > 0) {
      await scoped(CallEntity).update(
        { id: In(calls.map((call) => call.id)) },
        { recordingUrl: null, transcription: null, summary: null, customFields: {} },
      );
      if (contact.phone) {
        await scoped(CallEntity).update({ id: In(calls.map((c) => c.id)), callerNumber: contact.phone }, { callerNumber: '' });
        await scoped(CallEntity).update({ id: In(calls.map((c) => c.id)), calledNumber: contact.phone }, { calledNumber: '' });
      }
    }
    await scoped(CampaignContactEntity).update({ contactId: contact.id }, { phone: null });
    await scoped(CallAttemptEntity).update({ contactId: contact.id }, { detail: null });

    // Workflow runs keep their counts and path; what a step or an error wrote about the person goes.
    const runs = await scoped(WorkflowRunEntity).find({ select: { id: true }, where: { contactId: contact.id } });
    if (runs.length > 0) {
      const runIds = runs.map((run) => run.id);
      await scoped(WorkflowRunEntity).update({ id: In(runIds) }, { error: null });
      await unscopedRepository(manager, WorkflowRunStepEntity).update({ runId: In(runIds) }, { detail: {}, error: null });
    }
    if (contact.phone) await scoped(ContactReplyEntity).delete({ phone: contact.phone });

    await forgetStoredEvents(manager, APPS.platform.schema, {
      mentions: erasureMentions(person),
      subjects: [
        { topic: Topics.platformContact, subject: contact.id },
        ...appointments.map((a) => ({ topic: Topics.platformAppointment, subject: a.id })),
        ...calls.map((call) => ({ topic: Topics.platformCall, subject: call.callId })),
        ...runs.flatMap((run) => [
          { topic: Topics.platformWorkflow, subject: run.id },
          { topic: Topics.platformWorkflowStep, subject: run.id },
        ]),
      ],
    });
  }
}
