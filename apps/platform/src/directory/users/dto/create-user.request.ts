import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { UserSettingsRequest } from './user-settings.request';
import { IsNotBlank, IsNumericId } from '@suite/http';

/** Create User (the spec only names it): like Update User, with the password required. Status defaults to Active. */
export class CreateUserRequest extends UserSettingsRequest {
  @ApiProperty({ maxLength: 255 })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ maxLength: 255 })
  @IsString()
  @MaxLength(255)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;

  @ApiProperty({ minLength: 6, maxLength: 1024, writeOnly: true })
  @IsString()
  @MinLength(6)
  @MaxLength(1024)
  password!: string;

  @ApiProperty({ example: 3, description: 'A role of the same company (else 422)' })
  @IsNumericId()
  role_id!: number;
}
