import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { AppError } from '@suite/runtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';

/** A webhook id is a uuid; a malformed one names nothing and is answered like an unknown one (404), never a cast error. */
@Injectable()
export class WebhookIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    return value.toLowerCase();
  }
}

/** The `{id}` of a webhook route: `@WebhookId() id: string`. */
export const WebhookId = (): ParameterDecorator => Param('id', WebhookIdPipe);
