import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { AppError } from '@suite/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found.';

/** The documented 404s of the webhook routes (with `company_id`, another company's id is refused the same way). */
export const NOT_FOUND_IN_COMPANY = 'company_id names a company you may not act on.';
export const WEBHOOK_NOT_IN_COMPANY = `No such webhook in the company, or ${NOT_FOUND_IN_COMPANY}`;

/** A uuid path id, lower-cased; a malformed one names nothing and is answered like an unknown one (404), never a cast error. */
const uuidOr404 = (value: unknown, notFound: string): string => {
  if (typeof value !== 'string' || !UUID.test(value)) throw new AppError('not_found', notFound);
  return value.toLowerCase();
};

@Injectable()
export class WebhookIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    return uuidOr404(value, WEBHOOK_NOT_FOUND);
  }
}

@Injectable()
export class DeliveryIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    return uuidOr404(value, DELIVERY_NOT_FOUND);
  }
}

/** The `{id}` of a webhook route: `@WebhookId() id: string`. */
export const WebhookId = (): ParameterDecorator => Param('id', WebhookIdPipe);

/** The OpenAPI of a webhook route's `{id}`. */
export const ApiWebhookIdParam = (): MethodDecorator =>
  ApiParam({ name: 'id', type: String, format: 'uuid', description: 'The webhook id' });

/** The `{delivery_id}` of a delivery route: `@DeliveryId() id: string`. */
export const DeliveryId = (): ParameterDecorator => Param('delivery_id', DeliveryIdPipe);

/** The OpenAPI of a delivery route's `{delivery_id}`. */
export const ApiDeliveryIdParam = (): MethodDecorator =>
  ApiParam({ name: 'delivery_id', type: String, format: 'uuid', description: 'The delivery id' });
