import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ActingCompany, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, PaginatedResponse, paginated, success, successBodySchema } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ListSpamNumbersQuery } from './dto/list-spam-numbers.query';
import { SpamNumberRequest } from './dto/spam-number.request';
import { NoBodyPipe } from './no-body.pipe';
import { mapSpamNumber, SpamNumberResponse } from './dto/spam-number.response';
import {
  ALREADY_PROTECTED,
  ONLY_CUSTOM_EDITABLE,
  ONLY_CUSTOM_REMOVABLE,
  SpamNumbersService,
  type SpamNumberView,
} from './spam-numbers.service';

const PNUMBER_ERRORS = { 409: ALREADY_PROTECTED, 422: 'pnumber is not a phone number (errors.pnumber).' };
// Signed-in company only: no company_id, so the only 404 is a row outside the company.
const NOT_FOUND = { 404: 'No such spam-protected number in the company.' };
const view = ({ row, renewal }: SpamNumberView) => mapSpamNumber(row, renewal);

/**
 * The signed-in company's spam-protected numbers (no company_id): House and AI rows follow its
 * purchased numbers; Custom rows are added, edited and removed here. Ids answer as integers and
 * are accepted numeric, base64 or encrypted.
 */
@ApiTags('spam-protected-numbers')
@Controller('api/spam-protected-numbers')
export class SpamProtectedNumbersController {
  constructor(private readonly numbers: SpamNumbersService) {}

  @Get()
  @RequirePermission('view-spam-protected-numbers')
  @ApiOperation({
    summary:
      'List the signed-in company’s spam-protected numbers, newest first; search over number, type and status; per_page default 15, max 100',
  })
  @ApiSuccessResponse({ data: PaginatedResponse(SpamNumberResponse) })
  async list(@ActingCompany() companyId: string, @Query() query: ListSpamNumbersQuery) {
    const page = query.pageRequest();
    const { rows, total } = await this.numbers.list(
      companyId,
      {
        search: query.search,
        status: query.status === 'All' ? undefined : query.status,
        type: query.type === 'All' ? undefined : query.type,
      },
      page,
    );
    return success({ data: paginated(rows.map(view), total, page) });
  }

  @Post()
  @RequirePermission('edit-spam-protected-numbers')
  @ApiOperation({ summary: 'Watch a number of your choice (a Custom row); its first reputation check is queued' })
  @ApiSuccessResponse({ status: 201, message: 'Number added successfully.', data: SpamNumberResponse })
  @ApiErrors(PNUMBER_ERRORS)
  async create(@ActingCompany() companyId: string, @Body() body: SpamNumberRequest) {
    const created = await this.numbers.create(companyId, body.pnumber);
    return success({ message: 'Number added successfully.', data: view(created) });
  }

  @Put('update/:id')
  @RequirePermission('edit-spam-protected-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Same as PUT /api/spam-protected-numbers/{id}' })
  @ApiSuccessResponse({ message: 'Number updated successfully.', data: SpamNumberResponse })
  @ApiErrors({ 409: ALREADY_PROTECTED, 422: `${ONLY_CUSTOM_EDITABLE} Also when pnumber is not a phone number.` })
  @ApiErrors(NOT_FOUND)
  updateAlias(@ActingCompany() companyId: string, @PlatformId() id: string, @Body() body: SpamNumberRequest) {
    return this.update(companyId, id, body);
  }

  @Put(':id')
  @RequirePermission('edit-spam-protected-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Change a Custom row’s number (also PUT /api/spam-protected-numbers/update/{id}); ' +
      'a new number is In Progress again and checked now. AI and House rows: 422',
  })
  @ApiSuccessResponse({ message: 'Number updated successfully.', data: SpamNumberResponse })
  @ApiErrors({ 409: ALREADY_PROTECTED, 422: `${ONLY_CUSTOM_EDITABLE} Also when pnumber is not a phone number.` })
  @ApiErrors(NOT_FOUND)
  async update(@ActingCompany() companyId: string, @PlatformId() id: string, @Body() body: SpamNumberRequest) {
    const updated = await this.numbers.update(companyId, id, body.pnumber);
    return success({ message: 'Number updated successfully.', data: view(updated) });
  }

  @Delete(':id')
  @RequirePermission('edit-spam-protected-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Stop watching a Custom number. AI and House rows: 422 (they leave when the number is released)' })
  @ApiSuccessResponse({ message: 'Number removed successfully.' })
  @ApiErrors({ 422: ONLY_CUSTOM_REMOVABLE })
  @ApiErrors(NOT_FOUND)
  async remove(@ActingCompany() companyId: string, @PlatformId() id: string) {
    await this.numbers.remove(companyId, id);
    return success({ message: 'Number removed successfully.' });
  }

  @Post(':id/check')
  @HttpCode(202)
  @RequirePermission('edit-spam-protected-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Queue a reputation check of any row now; the periodic schedule stays as it is' })
  // ApiSuccessResponse documents 200/201 only; the accepted answer is the same envelope.
  @ApiResponse({ status: 202, description: 'Accepted.', schema: successBodySchema({ message: 'Reputation check queued.' }) })
  @ApiErrors(NOT_FOUND)
  async check(@ActingCompany() companyId: string, @PlatformId() id: string, @Body(NoBodyPipe) _body: unknown) {
    await this.numbers.checkNow(companyId, id);
    return success({ message: 'Reputation check queued.' });
  }
}
