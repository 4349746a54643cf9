import { Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { createValidationPipe } from '@suite/http';

const pipe = createValidationPipe();

/**
 * A body the route may be called without (Create Workflow: "body optional, empty allowed"). The
 * app's validation pipe refuses a missing body for a DTO class, so the route declares its body as
 * `unknown` (which the global pipe leaves alone) and this pipe runs the same validation on the
 * body, or on `{}` when there is none: unknown fields are still refused, bounds still hold.
 */
export function OptionalBody<T extends object>(dto: Type<T>): Type<PipeTransform<unknown, Promise<T>>> {
  @Injectable()
  class OptionalBodyPipe implements PipeTransform<unknown, Promise<T>> {
    transform(value: unknown): Promise<T> {
      return pipe.transform(value ?? {}, { type: 'body', metatype: dto }) as Promise<T>;
    }
  }
  return OptionalBodyPipe;
}
