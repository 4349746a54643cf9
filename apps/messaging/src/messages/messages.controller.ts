import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal, RateLimitClass } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { MESSAGING_LIMITS } from './messaging-limits';
import { PhoneParam } from '../shared/phone-param.pipe';
import { ConversationQuery } from './dto/conversation.query';
import { ListMessagesQuery } from './dto/list-messages.query';
import { mapHandOff, MessageWithHandOffsResponse } from '../hand-offs/dto/hand-off.response';
import {
  ConversationResponse,
  mapListedMessage,
  mapMessage,
  mapSendResult,
  MessageListResponse,
  MessageResponse,
  SendMessageResponse,
} from './dto/message.response';
import { SendMessageRequest } from './dto/send-message.request';
import { MessagesService } from './messages.service';
import { SendMessageService } from './send-message.service';

/** How lists and conversations are ordered (decision 0024). */
const ORDER =
  'Ordered by `ts`: the carrier’s time when known (accepted, then delivered or failed; an inbound text’s own time), ' +
  'else `created_at`, so the times shown never go backwards — a message queued before a reply but delivered after it ' +
  'comes after the reply. Messages with the same `ts` keep the order they were created in.';

/** The messaging API's message routes (x-api-key; the key's workspace scopes everything). */
@ApiTags('messages')
@ApiKeyAuthenticated()
@Controller('v1')
export class MessagesController {
  constructor(
    private readonly sender: SendMessageService,
    private readonly messages: MessagesService,
  ) {}

  @Post('messages')
  @HttpCode(200)
  @RateLimitClass('send')
  @ApiOperation({
    summary:
      `Queue a message (400 invalid input, 403 contact opted out, 409 no sender number in the workspace); ` +
      `message at most ${MESSAGING_LIMITS.messageMaxLength} characters`,
  })
  @ApiOkResponse({ type: SendMessageResponse })
  @ApiErrors({ 403: 'The contact opted out.', 409: 'The workspace has no sender number.' })
  async send(@CurrentPrincipal() principal: Principal, @Body() body: SendMessageRequest): Promise<SendMessageResponse> {
    const message = await this.sender.send(principal.companyId, {
      to: body.to,
      body: body.message,
      firstName: body.first_name?.trim() || null,
      attachments: body.attachments ?? [],
      effect: body.effect ?? null,
      // The API is how a teammate's own tools send; the service's auto-replies are `system`.
      sender: 'human',
    });
    return mapSendResult(message);
  }

  // Declared before messages/:id, which would otherwise take "list" for an id.
  @Get('messages/list')
  @ApiOperation({
    summary: `Messages, newest first (limit default ${MESSAGING_LIMITS.listLimitDefault}, max ${MESSAGING_LIMITS.listLimitMax})`,
    description: ORDER,
  })
  @ApiOkResponse({ type: MessageListResponse })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListMessagesQuery): Promise<MessageListResponse> {
    const messages = await this.messages.list(principal.companyId, {
      contactPhone: query.to,
      status: query.status,
      limit: query.limit ?? MESSAGING_LIMITS.listLimitDefault,
    });
    return { messages: messages.map(mapListedMessage) };
  }

  @Get('messages/:id')
  @ApiOperation({ summary: 'A message with its hand-offs to the carrier (404 when unknown or another workspace’s)' })
  @ApiOkResponse({ type: MessageWithHandOffsResponse })
  @ApiErrors({ 404: 'No such message in this workspace.' })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<MessageWithHandOffsResponse> {
    const { message, handOffs } = await this.messages.getWithHandOffs(principal.companyId, id);
    return { ...mapMessage(message), hand_offs: handOffs.map(mapHandOff) };
  }

  @Delete('messages/:id')
  @ApiOperation({
    summary:
      'Cancel a message not yet handed to the carrier (200 with the cancelled message, again 200 when already cancelled; 409 too late)',
  })
  @ApiOkResponse({ type: MessageResponse })
  @ApiErrors({ 404: 'No such message in this workspace.', 409: 'Too late: already handed to the carrier.' })
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<MessageResponse> {
    return mapMessage(await this.messages.cancel(principal.companyId, id));
  }

  @Get('conversations/:phone')
  @ApiOperation({
    summary:
      `The newest messages with a contact, oldest first (limit default ${MESSAGING_LIMITS.conversationLimitDefault}, ` +
      `max ${MESSAGING_LIMITS.conversationLimitMax}); 404 when none`,
    description: ORDER,
  })
  @ApiOkResponse({ type: ConversationResponse })
  @ApiErrors({ 404: 'No conversation with this contact.' })
  async conversation(
    @CurrentPrincipal() principal: Principal,
    @PhoneParam() phone: string,
    @Query() query: ConversationQuery,
  ): Promise<ConversationResponse> {
    const messages = await this.messages.conversation(
      principal.companyId,
      phone,
      query.limit ?? MESSAGING_LIMITS.conversationLimitDefault,
    );
    return { phone, messages: messages.map(mapListedMessage) };
  }
}
