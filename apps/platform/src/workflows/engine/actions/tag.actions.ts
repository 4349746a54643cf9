import { Injectable } from '@nestjs/common';
import { ContactsService } from '../../../crm';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A tag action: the contact's tags after it, or null when it changes nothing; a change is the contact's own event
 * (and, for a tag gained, `crm_contact.tags_added`). The step holds the contact locked already; the change is written
 * with the step's other writes (ContactsService.retagLocked: one UPDATE for a step batch's tag steps), and the steps
 * after it in the transaction take the contact as it left it.
 */
@Injectable()
abstract class TagAction implements ActionExecutor {
  abstract readonly type: string;

  constructor(private readonly contacts: ContactsService) {}

  protected abstract tagsAfter(held: string[], tag: string): string[] | null;

  execute({ run, node, contact, emit, contactTags }: StepContext): Promise<StepOutcome> {
    const tag = String(node.config.tag);
    const tags = this.tagsAfter(contact.tags, tag);
    if (!tags) return Promise.resolve({ kind: 'next', detail: { tag, changed: false } });
    const retagged = this.contacts.retagLocked(run.companyId, contact, tags, null, emit, contactTags);
    return Promise.resolve({ kind: 'next', detail: { tag, changed: true }, contact: retagged });
  }
}

/** `add_tag`: the contact gains the tag (once, whatever its case). */
@Injectable()
export class AddTagAction extends TagAction {
  readonly type = 'add_tag';

  protected tagsAfter(held: string[], tag: string): string[] | null {
    return held.some((other) => sameTag(other, tag)) ? null : [...held, tag];
  }
}

/** `remove_tag`: the contact loses the tag (whatever its case). */
@Injectable()
export class RemoveTagAction extends TagAction {
  readonly type = 'remove_tag';

  protected tagsAfter(held: string[], tag: string): string[] | null {
    const kept = held.filter((other) => !sameTag(other, tag));
    return kept.length === held.length ? null : kept;
  }
}
