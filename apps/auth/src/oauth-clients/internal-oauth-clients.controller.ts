import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { InternalTokenGuard } from '@suite/authz';
import { AppError } from '@suite/runtime';
import { CreateOAuthClientRequest } from './dto/create-oauth-client.request';
import { mapOAuthClient } from './dto/oauth-client.response';
import { OAuthClientsService } from './oauth-clients.service';

/**
 * Operator routes for OAuth clients until the bearer-protected public version exists. Not
 * routed by the gateway; guarded by INTERNAL_API_TOKEN. Secrets appear only in the answers to
 * create and rotate.
 */
@ApiTags('internal')
@ApiSecurity('internal-token')
@UseGuards(InternalTokenGuard)
@Controller('internal/oauth-clients')
export class InternalOAuthClientsController {
  constructor(private readonly clients: OAuthClientsService) {}

  @Post()
  async create(@Body() body: CreateOAuthClientRequest) {
    const { client, secret } = await this.clients.create({
      name: body.name,
      redirectUri: body.redirect_uri,
      confidential: body.confidential,
      companyId: body.company_id,
    });
    return { ...mapOAuthClient(client), ...(secret ? { client_secret: secret } : {}) };
  }

  @Get()
  async list(@Query('company_id') companyId?: string) {
    if (companyId !== undefined && !/^[1-9][0-9]{0,17}$/.test(companyId)) {
      throw new AppError('invalid', 'company_id must be a company id.', {}, 'invalid_request');
    }
    return { clients: (await this.clients.list(companyId)).map(mapOAuthClient) };
  }

  @Post(':clientId/secret')
  async rotateSecret(@Param('clientId') clientId: string) {
    const { client, secret } = await this.clients.rotateSecret(clientId);
    return { ...mapOAuthClient(client), client_secret: secret };
  }

  @Delete(':clientId')
  @HttpCode(204)
  async delete(@Param('clientId') clientId: string): Promise<void> {
    await this.clients.delete(clientId);
  }
}
