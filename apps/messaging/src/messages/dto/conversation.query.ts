import { MESSAGING_LIMITS } from '../messaging-limits';
import { LimitParam } from '../../shared/limit.query';

/** GET /v1/conversations/{phone} */
export class ConversationQuery {
  @LimitParam(MESSAGING_LIMITS.conversationLimitDefault, MESSAGING_LIMITS.conversationLimitMax)
  limit?: number;
}
