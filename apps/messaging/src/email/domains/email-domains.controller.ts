import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { EMAIL_NOT_FOUND } from '../shared/email-messages';
import { UuidOrNotFoundPipe } from '../shared/uuid-or-not-found.pipe';
import { CreateEmailDomainRequest } from './dto/create-email-domain.request';
import { mapEmailDomain } from './dto/email-domain.response';
import { EmailDomainsService } from './email-domains.service';

const DomainId = () => Param('id', new UuidOrNotFoundPipe(EMAIL_NOT_FOUND.domain));

@ApiTags('email')
@ApiKeyAuthenticated()
@Controller('v1/email/domains')
export class EmailDomainsController {
  constructor(private readonly domains: EmailDomainsService) {}

  @Post()
  @ApiOperation({ summary: 'Add a sending domain to the workspace (201; 409 if it exists)' })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateEmailDomainRequest) {
    return mapEmailDomain(await this.domains.create(principal.companyId, body.name));
  }

  @Get()
  @ApiOperation({ summary: "The workspace's sending domains, by name" })
  async list(@CurrentPrincipal() principal: Principal) {
    return { domains: (await this.domains.list(principal.companyId)).map(mapEmailDomain) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One sending domain' })
  async get(@CurrentPrincipal() principal: Principal, @DomainId() id: string) {
    return mapEmailDomain(await this.domains.get(principal.companyId, id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a domain (409 while it has mailboxes)' })
  async delete(@CurrentPrincipal() principal: Principal, @DomainId() id: string) {
    await this.domains.delete(principal.companyId, id);
    return { id, deleted: true };
  }
}
