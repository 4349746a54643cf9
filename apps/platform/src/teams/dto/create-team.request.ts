import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

export class TeamMemberRequest {
  @ApiProperty({ example: 7 })
  @IsInt()
  @Min(1)
  user_id!: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  manager?: boolean;
}

export class CreateTeamRequest {
  @ApiProperty({ maxLength: 255, example: 'Closers' })
  @IsString()
  @IsNotEmpty()
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
