import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { DeletedResponse } from '../shared/deleted.response';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { UuidOrNotFoundPipe } from '../shared/uuid-or-not-found.pipe';
import { CreateEmailDomainRequest } from './dto/create-email-domain.request';
import { EmailDomainListResponse, EmailDomainResponse, mapEmailDomain } from './dto/email-domain.response';
import { EmailDomainsService } from './email-domains.service';

const DomainId = () => Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.domain));

@ApiTags('email')
@ApiKeyAuthenticated()
@Controller('v1/email/domains')
export class EmailDomainsController {
  constructor(private readonly domains: EmailDomainsService) {}

  @Post()
  @ApiOperation({ summary: 'Add a sending domain to the workspace (201; 409 if it exists)' })
  @ApiCreatedResponse({ type: EmailDomainResponse })
  @ApiErrors({ 409: 'The domain already exists in this workspace.' })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateEmailDomainRequest): Promise<EmailDomainResponse> {
    return mapEmailDomain(await this.domains.create(principal.companyId, body.name));
  }

  @Get()
  @ApiOperation({ summary: "The workspace's sending domains, by name" })
  @ApiOkResponse({ type: EmailDomainListResponse })
  async list(@CurrentPrincipal() principal: Principal): Promise<EmailDomainListResponse> {
    return { domains: (await this.domains.list(principal.companyId)).map(mapEmailDomain) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One sending domain' })
  @ApiOkResponse({ type: EmailDomainResponse })
  @ApiErrors({ 404: 'No such domain in this workspace.' })
  async get(@CurrentPrincipal() principal: Principal, @DomainId() id: string): Promise<EmailDomainResponse> {
    return mapEmailDomain(await this.domains.get(principal.companyId, id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a domain (409 while it has mailboxes)' })
  @ApiOkResponse({ type: DeletedResponse })
  @ApiErrors({ 404: 'No such domain in this workspace.', 409: 'The domain still has mailboxes.' })
  async delete(@CurrentPrincipal() principal: Principal, @DomainId() id: string): Promise<DeletedResponse> {
    await this.domains.delete(principal.companyId, id);
    return { id, deleted: true };
  }
}
