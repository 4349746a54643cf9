import { Injectable } from '@nestjs/common';
import { ContactsService } from '../../../contacts/contacts.service';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * `add_tag`: the contact gains the tag (once); the change is the contact's own event, and `crm_contact.tags_added`.
 * The step holds the contact locked already (ContactsService.updateLocked).
 */
@Injectable()
export class AddTagAction implements ActionExecutor {
  readonly type = 'add_tag';

  constructor(private readonly contacts: ContactsService) {}

  async execute({ manager, run, node, contact, emit }: StepContext): Promise<StepOutcome> {
    const tag = String(node.config.tag);
    if (contact.tags.some((held) => sameTag(held, tag))) return { kind: 'next', detail: { tag, changed: false } };
    await this.contacts.updateLocked(manager, run.companyId, contact, { tags: [...contact.tags, tag] }, null, emit);
    return { kind: 'next', detail: { tag, changed: true } };
  }
}

/** `remove_tag`: the contact loses the tag (whatever its case). */
@Injectable()
export class RemoveTagAction implements ActionExecutor {
  readonly type = 'remove_tag';

  constructor(private readonly contacts: ContactsService) {}

  async execute({ manager, run, node, contact, emit }: StepContext): Promise<StepOutcome> {
    const tag = String(node.config.tag);
    const kept = contact.tags.filter((held) => !sameTag(held, tag));
    if (kept.length === contact.tags.length) return { kind: 'next', detail: { tag, changed: false } };
    await this.contacts.updateLocked(manager, run.companyId, contact, { tags: kept }, null, emit);
    return { kind: 'next', detail: { tag, changed: true } };
  }
}
