import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, type Principal } from '@suite/authz';
import { ApiErrors, AppError } from '@suite/http';
import { CreatePersonalAccessTokenRequest } from './dto/create-personal-access-token.request';
import {
  CreatedPersonalAccessTokenResponse,
  mapCreatedPersonalAccessToken,
  mapPersonalAccessToken,
  PersonalAccessTokenListResponse,
} from './dto/personal-access-token.response';
import { patManagementRefusal } from './personal-access-token-rules';
import { PersonalAccessTokensService, type TokenOwner } from './personal-access-tokens.service';

/**
 * The signed-in user's personal access tokens. Under `/oauth` because the gateway routes that
 * prefix to auth (`/api` goes to platform; see decision 0007). No permission is needed, but the
 * caller must present a full-access credential of their own (see patManagementRefusal).
 */
@ApiTags('personal-access-tokens')
@Authenticated()
@ApiErrors({ 403: 'Managing tokens needs a full-access credential of the user’s own (not a narrowed or login-as token).' })
@Controller('oauth/personal-access-tokens')
export class PersonalAccessTokensController {
  constructor(private readonly tokens: PersonalAccessTokensService) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create a personal access token; its value is in this answer only' })
  @ApiCreatedResponse({ type: CreatedPersonalAccessTokenResponse })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreatePersonalAccessTokenRequest,
  ): Promise<CreatedPersonalAccessTokenResponse> {
    const { token, value } = await this.tokens.create(ownerOf(principal), {
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expires_at == null ? null : new Date(body.expires_at),
    });
    return mapCreatedPersonalAccessToken(token, value);
  }

  @Get()
  @ApiOperation({ summary: "List the caller's live personal access tokens (never their values)" })
  @ApiOkResponse({ type: PersonalAccessTokenListResponse })
  async list(@CurrentPrincipal() principal: Principal): Promise<PersonalAccessTokenListResponse> {
    return { personal_access_tokens: (await this.tokens.list(ownerOf(principal))).map(mapPersonalAccessToken) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke one of the caller’s personal access tokens; refused everywhere within a second' })
  @ApiNoContentResponse()
  @ApiErrors({ 404: 'No such live token of the caller.' })
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.tokens.revoke(ownerOf(principal), id);
  }
}

function ownerOf(principal: Principal): TokenOwner {
  const refusal = patManagementRefusal(principal);
  if (refusal) throw new AppError('forbidden', refusal);
  // Bearer credentials always name a user; an API key never reaches @Authenticated routes.
  if (principal.userId === null) throw new AppError('forbidden', 'Personal access tokens belong to users.');
  return { userId: principal.userId, companyId: principal.companyId };
}
