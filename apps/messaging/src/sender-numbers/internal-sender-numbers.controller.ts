import { Body, Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { InternalTokenGuard } from '@suite/authz';
import { PhoneParam } from '../shared/phone-param.pipe';
import { AddSenderNumberRequest, mapSenderNumber, type SenderNumberResponse } from './dto/sender-number.dto';
import { SenderNumbersService } from './sender-numbers.service';

/** Operator routes for a workspace's sender pool (decision 0004: not routed by the gateway). */
@ApiTags('internal')
@ApiSecurity('internal-token')
@UseGuards(InternalTokenGuard)
@Controller('internal/workspaces/:company_id/sender-numbers')
export class InternalSenderNumbersController {
  constructor(private readonly numbers: SenderNumbersService) {}

  @Post()
  @ApiOperation({ summary: 'Add a number to the pool (or bring a removed one back); 409 when another workspace has it' })
  async add(@Param('company_id') companyId: string, @Body() body: AddSenderNumberRequest): Promise<SenderNumberResponse> {
    return mapSenderNumber(await this.numbers.add(companyId, body.number));
  }

  @Get()
  @ApiOperation({ summary: 'The pool, active numbers first' })
  async list(@Param('company_id') companyId: string): Promise<{ sender_numbers: SenderNumberResponse[] }> {
    return { sender_numbers: (await this.numbers.list(companyId)).map(mapSenderNumber) };
  }

  @Delete(':number')
  @ApiOperation({ summary: 'Remove a number from the pool; its conversations are re-pinned on their next message' })
  async remove(@Param('company_id') companyId: string, @PhoneParam('number') number: string): Promise<SenderNumberResponse> {
    return mapSenderNumber(await this.numbers.remove(companyId, number));
  }
}
