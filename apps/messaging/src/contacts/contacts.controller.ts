import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuthenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { PhoneParam } from '../shared/phone-param.pipe';
import { ContactsService } from './contacts.service';
import { ContactResponse, mapContact } from './dto/contact.response';

@ApiTags('contacts')
@ApiKeyAuthenticated()
@Controller('v1/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get(':phone')
  @ApiOperation({ summary: 'A contact: phone, first_name, channel and opt-out state (404 when unknown to this workspace)' })
  @ApiOkResponse({ type: ContactResponse })
  @ApiErrors({ 404: 'No such contact in this workspace.' })
  async get(@CurrentPrincipal() principal: Principal, @PhoneParam() phone: string): Promise<ContactResponse> {
    return mapContact(await this.contacts.get(principal.companyId, phone));
  }
}
