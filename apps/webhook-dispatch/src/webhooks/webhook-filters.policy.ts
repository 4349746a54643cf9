import { Injectable } from '@nestjs/common';
import { fieldsNoKindHas, type WebhookEventKind } from '@suite/contracts';
import { AppError, decodePlainId } from '@suite/http';
import { ListOwnership } from '../crm-lists/list-ownership';

export const FIELDS_NOT_OF_KINDS = 'fields must name fields of the subscribed event kinds.';
export const LIST_NOT_OF_COMPANY = 'list_id must be a list of the company.';

/** What a webhook narrows its deliveries with, as sent: `list_id` in any spelling (null for none), `fields`. */
export interface WebhookFiltersInput {
  events: readonly WebhookEventKind[];
  listId: string | null;
  fields: readonly string[];
}

/**
 * Whether a webhook may narrow its deliveries as asked (decision 0036), on create and update:
 * every name in `fields` is a field of at least one subscribed kind, and `list_id` — numeric or
 * base64, like the platform's ids — is a live list of the company. Each failure is 422 naming the
 * field; together in one answer. Resolves to the list id decoded (null for none).
 */
@Injectable()
export class WebhookFiltersPolicy {
  constructor(private readonly lists: ListOwnership) {}

  async check(companyId: string, input: WebhookFiltersInput): Promise<string | null> {
    const errors: Record<string, string[]> = {};
    const unknownFields = fieldsNoKindHas(input.fields, input.events);
    if (unknownFields.length > 0) errors.fields = [`no subscribed event kind has: ${unknownFields.join(', ')}`];
    const listId = input.listId === null ? null : decodePlainId(input.listId);
    // Already refused for its fields: no need to wait for a list that may be on its way.
    const wait = unknownFields.length === 0;
    if (input.listId !== null && (listId === null || !(await this.lists.isLiveListOf(companyId, listId, wait)))) {
      errors.list_id = [`not a list of the company: ${input.listId}`];
    }
    if (Object.keys(errors).length === 0) return listId;
    const message = [errors.fields && FIELDS_NOT_OF_KINDS, errors.list_id && LIST_NOT_OF_COMPANY].filter(Boolean).join(' ');
    throw new AppError('unprocessable', message, errors);
  }
}
