import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import type { SandboxInboundInput } from '../sandbox-inbound';
import { IsPhone } from '@suite/http';

/** Body of `POST /v1/sandbox/inbound` (mounted only with the sandbox carrier). */
export class SandboxInboundRequest implements SandboxInboundInput {
  @ApiProperty({ description: 'The person texting in: E.164 or 10-digit US', example: '+12125550100' })
  // The same phone rule as POST /v1/messages: anyone the workspace can text can text back.
  @IsPhone()
  from!: string;

  @ApiProperty({ description: "One of the workspace's sender numbers: E.164 or 10-digit US", example: '+13105550199' })
  @IsPhone()
  to!: string;

  @ApiProperty({ minLength: 1, maxLength: 2000, example: 'STOP' })
  @IsString()
  @Length(1, 2000, { message: 'body must be 1 to 2000 characters' })
  body!: string;
}
