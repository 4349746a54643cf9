import { ApiProperty } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { PERMISSIONS, type Permission } from '@suite/contracts';
import { IsNotBlank } from '@suite/http';

/** Create or edit a role: a name and permissions among PERMISSIONS. */
export class RoleRequest {
  @ApiProperty({ maxLength: 255, example: 'Sales manager' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ enum: PERMISSIONS, isArray: true })
  @IsArray()
  @ArrayUnique()
  @IsIn(PERMISSIONS, { each: true })
  permissions!: Permission[];
}
