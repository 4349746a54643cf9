import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '@suite/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Email ids are uuids. A malformed one names nothing, so it is answered like an unknown one
 * (404), never reaching PostgreSQL (where it would be a cast error, a 500).
 */
@Injectable()
export class UuidOrNotFoundPipe implements PipeTransform<unknown, string> {
  constructor(private readonly notFound: string) {}

  transform(value: unknown): string {
    if (!isUuid(value)) throw new AppError('not_found', this.notFound);
    return value.toLowerCase();
  }
}
