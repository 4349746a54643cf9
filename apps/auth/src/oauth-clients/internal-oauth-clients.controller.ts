import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { InternalTokenAuthenticated } from '@suite/authz';
import { ApiErrors, AppError } from '@suite/http';
import { CreateOAuthClientRequest } from './dto/create-oauth-client.request';
import {
  CreatedOAuthClientResponse,
  mapOAuthClient,
  OAuthClientListResponse,
  RotatedOAuthClientResponse,
} from './dto/oauth-client.response';
import { OAuthClientsService } from './oauth-clients.service';

/**
 * Operator routes for OAuth clients until the bearer-protected public version exists. Not
 * routed by the gateway; guarded by INTERNAL_API_TOKEN. Secrets appear only in the answers to
 * create and rotate.
 */
@ApiTags('internal')
@InternalTokenAuthenticated()
@Controller('internal/oauth-clients')
export class InternalOAuthClientsController {
  constructor(private readonly clients: OAuthClientsService) {}

  @Post()
  @ApiOperation({ summary: 'Register an OAuth client for any company; a confidential client’s secret is in this answer only' })
  @ApiCreatedResponse({ type: CreatedOAuthClientResponse })
  async create(@Body() body: CreateOAuthClientRequest): Promise<CreatedOAuthClientResponse> {
    const { client, secret } = await this.clients.create({
      name: body.name,
      redirectUri: body.redirect_uri,
      confidential: body.confidential,
      companyId: body.company_id,
    });
    return { ...mapOAuthClient(client), ...(secret ? { client_secret: secret } : {}) };
  }

  @Get()
  @ApiOperation({ summary: 'Every live OAuth client, or one company’s' })
  @ApiQuery({ name: 'company_id', required: false, type: String, example: '12' })
  @ApiOkResponse({ type: OAuthClientListResponse })
  async list(@Query('company_id') companyId?: string): Promise<OAuthClientListResponse> {
    if (companyId !== undefined && !/^[1-9][0-9]{0,17}$/.test(companyId)) {
      throw new AppError('invalid', 'company_id must be a company id.', {}, 'invalid_request');
    }
    return { clients: (await this.clients.list(companyId)).map(mapOAuthClient) };
  }

  @Post(':clientId/secret')
  @ApiOperation({ summary: 'Rotate a confidential client’s secret (201, as it always answered)' })
  @ApiCreatedResponse({ type: RotatedOAuthClientResponse })
  @ApiErrors({ 400: 'A public client has no secret.', 404: 'No such live client.' })
  async rotateSecret(@Param('clientId') clientId: string): Promise<RotatedOAuthClientResponse> {
    const { client, secret } = await this.clients.rotateSecret(clientId);
    return { ...mapOAuthClient(client), client_secret: secret };
  }

  @Delete(':clientId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a client and revoke every grant issued to it' })
  @ApiNoContentResponse()
  @ApiErrors({ 404: 'No such live client.' })
  async delete(@Param('clientId') clientId: string): Promise<void> {
    await this.clients.delete(clientId);
  }
}
