import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '@suite/http';

/**
 * For a route that takes no body: any field sent is refused (400, by field) as the validation
 * pipe refuses fields outside a DTO, rather than silently ignored. An empty DTO class cannot do
 * it: the validator calls a class without rules an unknown value.
 */
@Injectable()
export class NoBodyPipe implements PipeTransform<unknown, undefined> {
  transform(body: unknown): undefined {
    if (body === undefined || body === null || body === '') return undefined;
    const fields = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
    if (fields.length === 0 && typeof body === 'object') return undefined;
    const problems = fields.length > 0 ? fields : ['body'];
    throw new AppError(
      'invalid',
      'This route takes no body.',
      Object.fromEntries(problems.map((field) => [field, [`property ${field} should not exist`]])),
    );
  }
}
