import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** What a client sends to a consent page (RFC 6749 §4.1.1 with PKCE), plus the sandbox's own `decision`. */
export class SandboxConsentQuery {
  @ApiProperty({ maxLength: 100, example: 'sandbox-facebook-app' }) @IsString() @MaxLength(100) client_id!: string;
  @ApiProperty({ maxLength: 2048, description: "Must be the platform's own callback for the provider" })
  @IsString()
  @MaxLength(2048)
  redirect_uri!: string;
  @ApiProperty({ enum: ['code'] }) @IsIn(['code']) response_type!: string;
  @ApiProperty({ maxLength: 500, example: 'ads_read' }) @IsString() @MaxLength(500) scope!: string;
  @ApiProperty({ maxLength: 512 }) @IsString() @MaxLength(512) state!: string;
  @ApiPropertyOptional({ maxLength: 128 }) @IsOptional() @IsString() @MaxLength(128) code_challenge?: string;
  @ApiPropertyOptional({ enum: ['S256'] }) @IsOptional() @IsIn(['S256']) code_challenge_method?: string;
  @ApiPropertyOptional({ enum: ['allow', 'deny'], default: 'allow', description: 'The answer the sandbox gives for its user' })
  @IsOptional()
  @IsIn(['allow', 'deny'])
  decision?: 'allow' | 'deny';
}
