import { applyDecorators, Injectable, Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { AppError } from '@suite/http';
import { PlatformIdCodec } from './platform-id.codec';

/** Turns a path id (numeric, base64 or encrypted) into the numeric id; anything else is a 404. */
@Injectable()
export class PlatformIdPipe implements PipeTransform<unknown, string> {
  constructor(private readonly codec: PlatformIdCodec) {}

  transform(value: unknown): string {
    const id = typeof value === 'string' ? this.codec.decode(value) : null;
    if (!id) throw new AppError('not_found', 'Not found.');
    return id;
  }
}

/**
 * A path id of the platform API: `@PlatformId() id: string` receives the numeric id whichever
 * of the accepted spellings was sent (`42`, `NDI=`, `enc_…`); an undecodable one answers 404.
 */
export const PlatformId = (name = 'id'): ParameterDecorator => Param(name, PlatformIdPipe);

/** OpenAPI description of a path id, for the controller method. */
export const ApiPlatformIdParam = (name = 'id') =>
  applyDecorators(
    ApiParam({
      name,
      type: String,
      description: 'Numeric id (`42`), base64 of it (`NDI=`) or an encrypted id (`enc_…`)',
      example: '42',
    }),
  );
