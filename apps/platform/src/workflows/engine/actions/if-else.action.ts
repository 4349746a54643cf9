import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { PipelineContactEntity } from '../../../crm';
import { evaluateConditions, type IfElseConfig } from '../../definition/conditions';
import { ContactReplyEntity } from '../contact-reply.entity';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';

/**
 * `if_else`: evaluates its conditions on the contact as it is now — fields, tags, the stages it is
 * in, and whether it replied to a text since the run began — and goes on by the `yes` or `no` edge.
 */
@Injectable()
export class IfElseAction implements ActionExecutor {
  readonly type = 'if_else';
  readonly leavesContact = true;

  async execute({ manager, run, node, contact }: StepContext): Promise<StepOutcome> {
    const placements = await CompanyScopedRepository.of(manager, PipelineContactEntity, run.companyId).find({
      select: { stageId: true },
      where: { contactId: contact.id },
    });
    const reply = contact.phone
      ? await CompanyScopedRepository.of(manager, ContactReplyEntity, run.companyId).findOne({ where: { phone: contact.phone } })
      : null;
    const matched = evaluateConditions(node.config as unknown as IfElseConfig, {
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      source: contact.source,
      assigned_to: contact.assignedTo,
      tags: contact.tags,
      custom_fields: contact.customFields,
      stage_ids: placements.map((placement) => placement.stageId),
      replied_since_run_start: reply !== null && reply.lastReplyAt.getTime() >= run.startedAt.getTime(),
    });
    const branch = matched ? 'yes' : 'no';
    return { kind: 'next', branch, detail: { branch } };
  }
}
