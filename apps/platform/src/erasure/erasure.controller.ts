import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../shared/not-found.docs';
import { NoBodyPipe } from '../voice';
import { ContactErasureService } from './contact-erasure.service';
import { ContactErasureResponse, mapContactErasure } from './dto/contact-erasure.response';

const ERASURE_ACCEPTED = 'Contact erasure accepted.';

/**
 * Erasing a contact everywhere (GDPR Art. 17, CCPA; decision 0050, docs/privacy.md): its own
 * resource under the contact, not a flag on DELETE — another permission, an answer that is a
 * state to follow, and a GET for that state.
 */
@ApiTags('contacts')
@Controller('api/contacts')
export class ErasureController {
  constructor(private readonly erasures: ContactErasureService) {}

  @Post(':id/erase')
  @HttpCode(202)
  @RequirePermission('erase-contacts')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Erase a contact (live or deleted) in every app: the platform at once, messaging and webhook-dispatch from ' +
      'crm_contact.erased; asking again answers the same erasure. Irreversible.',
  })
  @ApiSuccessResponse({ status: 202, message: ERASURE_ACCEPTED, data: ContactErasureResponse })
  @ApiNotFoundInCompany('contact')
  async erase(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body(NoBodyPipe) _body: unknown,
  ) {
    const erasure = await this.erasures.request(companyId, id, principal.userId);
    return success({ message: ERASURE_ACCEPTED, data: mapContactErasure(erasure) });
  }

  @Get(':id/erase')
  @RequirePermission('erase-contacts')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Where a contact’s erasure stands in each app (404 when none was asked for)' })
  @ApiSuccessResponse({ data: ContactErasureResponse })
  @ApiNotFoundInCompany('contact erasure')
  async state(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapContactErasure(await this.erasures.get(companyId, id)) });
  }
}
