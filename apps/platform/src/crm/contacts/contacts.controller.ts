import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, PaginatedResponse, paginated, success } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { sentIdOf } from '../../ids/platform-id-value';
import { assertDecoded } from '../../shared/company-references';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ContactsService, type ContactInput, type ContactPlacementInput } from './contacts.service';
import { CreateContactRequest, UpdateContactRequest } from './dto/contact.request';
import { ContactResponse, mapContact } from './dto/contact.response';
import { ListContactsQuery } from './dto/list-contacts.query';

const REFERENCE_ERRORS = {
  422: 'assigned_to is not a user of the company, or stage_id is not a stage of pipeline_id (errors by field).',
};
const CREATE_ERRORS = {
  422:
    'assigned_to is not a user of the company, pipeline_id not a pipeline or stage_id not a stage of the company, ' +
    'stage_id is not a stage of pipeline_id, ' +
    'or list_ids names lists that are not the company’s (errors by field).',
};

/** The CRM's contacts (leads): ids answer in base64 and are accepted numeric, base64 or encrypted. */
@ApiTags('contacts')
@Controller('api/contacts')
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly codec: PlatformIdCodec,
  ) {}

  @Post()
  @RequirePermission('edit-contacts')
  @ApiOperation({
    summary:
      'Create a contact (a lead), optionally placed in a stage of a pipeline and on lists (emits crm_contact.created → lead.generated)',
  })
  @ApiSuccessResponse({ status: 201, message: 'Contact created successfully.', data: ContactResponse })
  @ApiErrors(CREATE_ERRORS)
  @ApiNotFoundInCompany()
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateContactRequest,
  ) {
    const placement = this.placementOf(body);
    const contact = await this.contacts.create(
      companyId,
      { ...inputOf(body), firstName: body.first_name },
      placement,
      principal.userId,
      (body.list_ids ?? []).map((value) => ({ sent: String(value), id: this.codec.decode(String(value)) })),
    );
    const placements = placement ? await this.contacts.placementsOfContact(companyId, contact.id) : [];
    return success({ message: 'Contact created successfully.', data: mapContact(contact, placements) });
  }

  @Get()
  @RequirePermission('view-contacts')
  @ApiOperation({ summary: 'List contacts, newest first; `search` matches name, phone or email (per_page default 15, max 100)' })
  @ApiSuccessResponse({ data: PaginatedResponse(ContactResponse) })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListContactsQuery) {
    const page = query.pageRequest();
    const { contacts, placements, total } = await this.contacts.list(companyId, query.search, page);
    return success({
      data: paginated(
        contacts.map((contact) => mapContact(contact, placements.get(contact.id) ?? [])),
        total,
        page,
      ),
    });
  }

  @Get(':id')
  @RequirePermission('view-contacts')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'A contact, with the pipelines it is in' })
  @ApiSuccessResponse({ data: ContactResponse })
  @ApiNotFoundInCompany('contact')
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const { contact, placements } = await this.contacts.get(companyId, id);
    return success({ data: mapContact(contact, placements) });
  }

  @Put(':id')
  @RequirePermission('edit-contacts')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Update a contact: the fields sent are replaced, null clears (emits crm_contact.updated)' })
  @ApiSuccessResponse({ message: 'Contact updated successfully.', data: ContactResponse })
  @ApiErrors(REFERENCE_ERRORS)
  @ApiNotFoundInCompany('contact')
  async update(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateContactRequest,
  ) {
    const contact = await this.contacts.update(companyId, id, { ...inputOf(body), firstName: body.first_name }, principal.userId);
    const placements = await this.contacts.placementsOfContact(companyId, contact.id);
    return success({ message: 'Contact updated successfully.', data: mapContact(contact, placements) });
  }

  @Delete(':id')
  @RequirePermission('edit-contacts')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete a contact: it leaves its pipelines and lists (emits crm_contact.deleted)' })
  @ApiSuccessResponse({ message: 'Contact deleted successfully.' })
  @ApiNotFoundInCompany('contact')
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.contacts.delete(companyId, id, principal.userId);
    return success({ message: 'Contact deleted successfully.' });
  }

  /** `pipeline_id` and `stage_id` come together; a spelling that decodes to nothing names nothing (422 by field). */
  private placementOf(body: CreateContactRequest): ContactPlacementInput | null {
    if (body.pipeline_id === undefined && body.stage_id === undefined) return null;
    if (body.pipeline_id === undefined || body.stage_id === undefined) {
      const missing = body.pipeline_id === undefined ? 'pipeline_id' : 'stage_id';
      throw new AppError('invalid', 'pipeline_id and stage_id go together.', {
        [missing]: [`${missing} is required with the other`],
      });
    }
    const pipeline = sentIdOf(this.codec, body.pipeline_id);
    const stage = sentIdOf(this.codec, body.stage_id);
    // Names nothing in any company: the same 422 as an id of another company's (decision 0042).
    assertDecoded({ pipeline_id: { noun: 'a pipeline', ids: [pipeline] }, stage_id: { noun: 'a stage', ids: [stage] } });
    return { pipelineId: pipeline.id!, stageId: stage.id! };
  }
}

/** The request's fields as the service takes them; absent stays undefined (kept on update). */
function inputOf(body: UpdateContactRequest | CreateContactRequest): ContactInput {
  return {
    lastName: body.last_name,
    phone: body.phone,
    email: body.email,
    source: body.source,
    assignedTo: body.assigned_to === undefined ? undefined : body.assigned_to === null ? null : String(body.assigned_to),
    tags: body.tags,
    customFields: body.custom_fields,
  };
}
