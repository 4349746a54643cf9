import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { UserSettingsRequest } from './user-settings.request';
import { IsNotBlank, IsNumericId, IsOmittable } from '@suite/http';

/** Update User: every field of the spec's row. `password` omitted keeps the current one. */
export class UpdateUserRequest extends UserSettingsRequest {
  @ApiProperty({ maxLength: 255, example: 'Ada Lovelace' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ maxLength: 255, example: 'ada@example.com', description: 'Unique (case-insensitive)' })
  @IsString()
  @MaxLength(255)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;

  @ApiProperty({ example: 3, description: 'A role of the same company (else 422)' })
  @IsNumericId()
  role_id!: number;

  /** Upper bound only against abuse (hashing megabytes); the spec fixes the minimum. */
  @ApiPropertyOptional({ minLength: 6, maxLength: 1024, writeOnly: true })
  @IsOmittable()
  @IsString({ message: 'password must be a string; omit it to keep the current password' })
  @MinLength(6)
  @MaxLength(1024)
  password?: string;
}
