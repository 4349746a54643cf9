import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { DeletedResponse } from '../shared/deleted.response';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { UuidOrNotFoundPipe } from '../shared/uuid-or-not-found.pipe';
import { CreateEmailMailboxRequest } from './dto/create-email-mailbox.request';
import { EmailMailboxListResponse, EmailMailboxResponse, mapEmailMailbox } from './dto/email-mailbox.response';
import { EmailMailboxesService } from './email-mailboxes.service';

@ApiTags('email')
@ApiKeyAuthenticated()
@Controller('v1/email')
export class EmailMailboxesController {
  constructor(private readonly mailboxes: EmailMailboxesService) {}

  @Post('domains/:id/mailboxes')
  @ApiOperation({ summary: 'Add a mailbox (sender address) to a domain (201; 409 if it exists)' })
  @ApiCreatedResponse({ type: EmailMailboxResponse })
  @ApiErrors({ 404: 'No such domain in this workspace.', 409: 'The mailbox already exists.' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.domain)) domainId: string,
    @Body() body: CreateEmailMailboxRequest,
  ): Promise<EmailMailboxResponse> {
    const { mailbox, domain } = await this.mailboxes.create(principal.companyId, domainId, {
      localPart: body.local_part,
      displayName: body.display_name ?? null,
    });
    return mapEmailMailbox(mailbox, domain.name);
  }

  @Get('domains/:id/mailboxes')
  @ApiOperation({ summary: "A domain's mailboxes, by local part" })
  @ApiOkResponse({ type: EmailMailboxListResponse })
  @ApiErrors({ 404: 'No such domain in this workspace.' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.domain)) domainId: string,
  ): Promise<EmailMailboxListResponse> {
    const found = await this.mailboxes.listOfDomain(principal.companyId, domainId);
    return { mailboxes: found.map(({ mailbox, domain }) => mapEmailMailbox(mailbox, domain.name)) };
  }

  @Get('mailboxes/:id')
  @ApiOperation({ summary: 'One mailbox' })
  @ApiOkResponse({ type: EmailMailboxResponse })
  @ApiErrors({ 404: 'No such mailbox in this workspace.' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.mailbox)) id: string,
  ): Promise<EmailMailboxResponse> {
    const { mailbox, domain } = await this.mailboxes.get(principal.companyId, id);
    return mapEmailMailbox(mailbox, domain.name);
  }

  @Delete('mailboxes/:id')
  @ApiOperation({ summary: 'Delete a mailbox (accepted sends keep their sender)' })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors({ 404: 'No such mailbox in this workspace.' })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.mailbox)) id: string,
  ): Promise<DeletedResponse> {
    await this.mailboxes.delete(principal.companyId, id);
    return { id, deleted: true };
  }
}
