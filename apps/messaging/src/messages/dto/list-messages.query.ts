import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PUBLIC_MESSAGE_STATUSES, type PublicMessageStatus } from '@suite/message-status';
import { MESSAGING_LIMITS } from '../messaging-limits';
import { LimitParam } from '../../shared/limit.query';
import { IsPhone } from '@suite/http';

/** GET /v1/messages/list */
export class ListMessagesQuery {
  @ApiPropertyOptional({ description: 'only messages with this contact (E.164 or 10-digit US)' })
  @IsOptional()
  @IsPhone()
  to?: string;

  @ApiPropertyOptional({ enum: PUBLIC_MESSAGE_STATUSES })
  @IsOptional()
  @IsIn(PUBLIC_MESSAGE_STATUSES, { message: `status must be one of ${PUBLIC_MESSAGE_STATUSES.join(', ')}` })
  status?: PublicMessageStatus;

  @LimitParam(MESSAGING_LIMITS.listLimitDefault, MESSAGING_LIMITS.listLimitMax)
  limit?: number;
}
