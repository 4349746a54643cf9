import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { AddListContactsRequest, CreateListRequest } from './dto/list.request';
import { ListResponse, mapList } from './dto/list.response';
import { ListsService, type ContactRef } from './lists.service';
import { CompanyRoute } from '../../shared/company-route';

const CONTACT_ERRORS = {
  422: 'contact_ids names something that is not a contact of the company (unknown, deleted or of another company); errors.contact_ids names them.',
};

/** Selection lists of contacts (the audience a webhook or a dialer campaign targets): ids answer in base64. */
@ApiTags('lists')
@Controller('api/lists')
export class ListsController {
  constructor(
    private readonly lists: ListsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post()
  @CompanyRoute('edit-contacts', {
    summary: 'Create a list, optionally with contacts (up to 1,000 per request)',
    answer: ApiSuccessResponse({ status: 201, message: 'List created successfully.', data: ListResponse }),
    errors: ApiErrors(CONTACT_ERRORS),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateListRequest,
  ) {
    const created = await this.lists.create(companyId, body.name, this.refs(body.contact_ids ?? []), principal.userId);
    return success({ message: 'List created successfully.', data: mapList(created) });
  }

  @Get()
  @CompanyRoute('view-contacts', {
    summary: 'List the lists, oldest first, each with its contact count',
    answer: ApiSuccessResponse({ data: [ListResponse] }),
  })
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: (await this.lists.list(companyId)).map(mapList) });
  }

  @Post(':id/contacts')
  @CompanyRoute('edit-contacts', {
    summary: 'Add contacts to a list (up to 1,000 per request); repeats and contacts already on it are ignored',
    answer: ApiSuccessResponse({ status: 201, message: 'Contacts added to list successfully.', data: ListResponse }),
    idParam: true,
    errors: ApiErrors(CONTACT_ERRORS),
    notFound: 'list',
  })
  async addContacts(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: AddListContactsRequest,
  ) {
    const list = await this.lists.addContacts(companyId, id, this.refs(body.contact_ids), principal.userId);
    return success({ message: 'Contacts added to list successfully.', data: mapList(list) });
  }

  @Delete(':id/contacts/:contact_id')
  @RequirePermission('edit-contacts')
  @ApiPlatformIdParam()
  @ApiPlatformIdParam('contact_id')
  @ApiOperation({ summary: 'Take a contact off a list (the contact stays)' })
  @ApiSuccessResponse({ message: 'Contact removed from list successfully.' })
  @ApiNotFoundInCompany('list, or the contact is not on it')
  async removeContact(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @PlatformId('contact_id') contactId: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.lists.removeContact(companyId, id, contactId, principal.userId);
    return success({ message: 'Contact removed from list successfully.' });
  }

  @Delete(':id')
  @CompanyRoute('edit-contacts', {
    summary: 'Delete a list; its contacts stay',
    answer: ApiSuccessResponse({ message: 'List deleted successfully.' }),
    idParam: true,
    notFound: 'list',
  })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.lists.delete(companyId, id, principal.userId);
    return success({ message: 'List deleted successfully.' });
  }

  /** Each id as sent and decoded; one that decodes to nothing names no contact (422 with the others). */
  private refs(values: Array<number | string>): ContactRef[] {
    return values.map((value) => {
      const sent = String(value);
      return { sent, id: this.codec.decode(sent) };
    });
  }
}
