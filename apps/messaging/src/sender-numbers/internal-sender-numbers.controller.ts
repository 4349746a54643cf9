import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InternalTokenAuthenticated } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { PhoneParam } from '../shared/phone-param.pipe';
import { AddSenderNumberRequest, mapSenderNumber, SenderNumberListResponse, SenderNumberResponse } from './dto/sender-number.dto';
import { SenderNumbersService } from './sender-numbers.service';

/** Operator routes for a workspace's sender pool (decision 0004: not routed by the gateway). */
@ApiTags('internal')
@InternalTokenAuthenticated()
@ApiErrors({ 404: 'Unknown company.' })
@Controller('internal/workspaces/:company_id/sender-numbers')
export class InternalSenderNumbersController {
  constructor(private readonly numbers: SenderNumbersService) {}

  @Post()
  @ApiOperation({
    summary: 'Add a number to the pool as a provider’s (or bring a removed one back); 409 when another workspace has it',
  })
  @ApiCreatedResponse({ type: SenderNumberResponse })
  @ApiErrors({
    400: 'A bad number, or a provider the active carrier does not send from.',
    409: 'Another workspace has this number.',
  })
  async add(@Param('company_id') companyId: string, @Body() body: AddSenderNumberRequest): Promise<SenderNumberResponse> {
    return mapSenderNumber(await this.numbers.add(companyId, body.number, body.provider));
  }

  @Get()
  @ApiOperation({ summary: 'The pool, active numbers first' })
  @ApiOkResponse({ type: SenderNumberListResponse })
  async list(@Param('company_id') companyId: string): Promise<SenderNumberListResponse> {
    return { sender_numbers: (await this.numbers.list(companyId)).map(mapSenderNumber) };
  }

  @Delete(':number')
  @ApiOperation({ summary: 'Remove a number from the pool; its conversations are re-pinned on their next message' })
  @ApiOkResponse({ type: SenderNumberResponse })
  @ApiErrors({ 404: 'Unknown company, or not a sender number of this workspace (or internal routes off).' })
  async remove(@Param('company_id') companyId: string, @PhoneParam('number') number: string): Promise<SenderNumberResponse> {
    return mapSenderNumber(await this.numbers.remove(companyId, number));
  }
}
