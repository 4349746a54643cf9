import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyQuery, CompanyScope, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, AppError } from '@suite/http';
import {
  CreatedOAuthClientResponse,
  mapOAuthClient,
  OAuthClientListResponse,
  RotatedOAuthClientResponse,
} from './dto/oauth-client.response';
import { RegisterOAuthClientRequest } from './dto/register-oauth-client.request';
import type { OAuthClientEntity } from './oauth-client.entity';
import { OAuthClientsService } from './oauth-clients.service';

const NOT_FOUND = 'OAuth client not found.';

/**
 * OAuth client registration for signed-in users with `manage-oauth-clients`, scoped to their
 * company (or an agency's child company); other companies' clients are 404. The operator routes
 * under `/internal/oauth-clients` stay for the CLI. Secrets appear only in the answers to create
 * and rotate.
 */
@ApiTags('oauth-clients')
@RequirePermission('manage-oauth-clients')
@Controller('oauth/clients')
export class OAuthClientsController {
  constructor(
    private readonly clients: OAuthClientsService,
    private readonly scope: CompanyScope,
  ) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Register an OAuth client; a confidential client’s secret is in this answer only' })
  @ApiCreatedResponse({
    type: CreatedOAuthClientResponse,
    description: 'The client, with client_secret for a confidential client',
  })
  @ApiErrors({ 404: 'company_id is not the caller’s company nor one of its child companies.' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: RegisterOAuthClientRequest,
  ): Promise<CreatedOAuthClientResponse> {
    const companyId = await this.scope.resolve(principal, body.company_id);
    const { client, secret } = await this.clients.create({
      name: body.name,
      redirectUri: body.redirect_uri,
      confidential: body.confidential,
      companyId,
    });
    return { ...mapOAuthClient(client), ...(secret ? { client_secret: secret } : {}) };
  }

  @Get()
  @ApiOperation({ summary: "List a company's OAuth clients (never their secrets)" })
  @ApiOkResponse({ type: OAuthClientListResponse })
  @ApiErrors({ 404: 'company_id is not the caller’s company nor one of its child companies.' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: CompanyQuery): Promise<OAuthClientListResponse> {
    const companyId = await this.scope.resolve(principal, query.company_id);
    return { clients: (await this.clients.list(companyId)).map(mapOAuthClient) };
  }

  @Post(':clientId/secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Rotate a confidential client’s secret; the old one stops working at once' })
  @ApiOkResponse({ type: RotatedOAuthClientResponse, description: 'The client with its new client_secret' })
  @ApiErrors({ 400: 'A public client has no secret.', 404: NOT_FOUND })
  async rotateSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('clientId') clientId: string,
  ): Promise<RotatedOAuthClientResponse> {
    await this.owned(principal, clientId);
    const { client, secret } = await this.clients.rotateSecret(clientId);
    return { ...mapOAuthClient(client), client_secret: secret };
  }

  @Delete(':clientId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a client and revoke every grant (and so every token) issued to it' })
  @ApiNoContentResponse()
  @ApiErrors({ 404: NOT_FOUND })
  async delete(@CurrentPrincipal() principal: Principal, @Param('clientId') clientId: string): Promise<void> {
    await this.owned(principal, clientId);
    await this.clients.delete(clientId);
  }

  /** A live client of the caller's company or of one of its child companies; otherwise 404. */
  private async owned(principal: Principal, clientId: string): Promise<OAuthClientEntity> {
    const client = await this.clients.findActive(clientId);
    if (!client) throw new AppError('not_found', NOT_FOUND);
    await this.scope.assertOwned(principal, client.companyId, 'OAuth client');
    return client;
  }
}
