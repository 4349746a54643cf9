import { IsOptional, registerDecorator, type ValidationOptions } from 'class-validator';
import { Secret } from '@suite/config';
import { PlatformIdCodec } from './platform-id.codec';

/** A 32-byte key written as base64 or base64url. */
function IsBase64Key32(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isBase64Key32',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be 32 bytes, base64-encoded`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && PlatformIdCodec.parseKey(value) !== null },
    });
}

/** The ids' slice of the platform's environment: the key of encrypted path ids (decision 0062). */
export class IdsEnvironment {
  /**
   * AES-256-GCM key for encrypted path ids (`enc_…`): 32 bytes, base64. The embedded launcher
   * generates one into `.data/`; set it in production (a Kubernetes Secret). Unset, encrypted
   * ids are refused (404) while numeric and base64 ids keep working, so tools and tests that boot
   * the platform without it still run.
   */
  @IsOptional()
  @Secret()
  @IsBase64Key32()
  PLATFORM_ID_ENCRYPTION_KEY?: string;
}
