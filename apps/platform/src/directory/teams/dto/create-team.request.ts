import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsNotBlank, IsNumericId } from '@suite/http';

export class TeamMemberRequest {
  @ApiProperty({ example: 7, description: 'A live user of the company (else 422 on members)' })
  @IsNumericId()
  user_id!: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  manager?: boolean;
}

export class CreateTeamRequest {
  @ApiProperty({ maxLength: 255, example: 'Closers' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ApiPropertyOptional({ type: [TeamMemberRequest] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TeamMemberRequest)
  members?: TeamMemberRequest[];
}
