import { Body, Controller, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, NotRateLimited, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../../shared/not-found.docs';
import { CreatedSandboxCallResponse, CreateSandboxCallRequest } from '../dto/create-sandbox-call.request';
import { SandboxCallsService } from './sandbox-calls.service';

/**
 * Mounted only with PLATFORM_VOICE_PROVIDER=sandbox (sandbox-calls.module.ts). Never rate limited: it
 * stands in for the voice provider's callbacks, which are not (decision 0045).
 */
@ApiTags('sandbox')
@NotRateLimited()
@Controller('api/sandbox/calls')
export class SandboxCallsController {
  constructor(private readonly sandbox: SandboxCallsService) {}

  @Post()
  @RequirePermission('edit-calls')
  @ApiOperation({
    summary:
      'Simulate a whole call with the outcome you choose, through the signed callback path: recorded, published ' +
      '(call.started, call.answered, call.transferred, call.ended) and its disposition applied; only with the sandbox voice provider',
  })
  @ApiSuccessResponse({ status: 201, data: CreatedSandboxCallResponse })
  @ApiErrors({
    422:
      'A number is not valid, contact_id/agent_id is not the company’s, or the course is impossible ' +
      '(transferred without answer, a duration without answer, a hang-up reason that does not fit, started_at in the future); errors by field.',
  })
  @ApiNotFoundInCompany()
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateSandboxCallRequest,
  ) {
    return success({ data: { call_id: await this.sandbox.simulate(companyId, body) } });
  }
}
