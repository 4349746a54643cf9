import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { ApiKeyListResponse, CreatedApiKeyResponse, mapApiKey, mapCreatedApiKey } from './dto/api-key.response';
import { CreateApiKeyRequest } from './dto/create-api-key.request';
import { ApiKeysService } from './api-keys.service';

/** Workspace API keys for the messaging API; under `/oauth` because the gateway routes it to auth (decision 0007). */
@ApiTags('api-keys')
@RequirePermission('manage-api-keys')
@Controller('oauth/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create a workspace API key; its value is in this answer only' })
  @ApiCreatedResponse({ type: CreatedApiKeyResponse })
  @ApiErrors({ 404: 'company_id is not the caller’s company nor one of its child companies.' })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateApiKeyRequest): Promise<CreatedApiKeyResponse> {
    const { key, value } = await this.keys.create(principal, { name: body.name, companyId: body.company_id });
    return mapCreatedApiKey(key, value);
  }

  @Get()
  @ApiOperation({ summary: "List a company's live API keys (never their values)" })
  @ApiOkResponse({ type: ApiKeyListResponse })
  @ApiErrors({ 404: 'company_id is not the caller’s company nor one of its child companies.' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: CompanyQuery): Promise<ApiKeyListResponse> {
    return { api_keys: (await this.keys.list(principal, query.company_id)).map(mapApiKey) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key; refused everywhere within a second' })
  @ApiNoContentResponse()
  @ApiErrors({ 404: 'No such live API key in the caller’s companies.' })
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.keys.revoke(principal, id);
  }
}
