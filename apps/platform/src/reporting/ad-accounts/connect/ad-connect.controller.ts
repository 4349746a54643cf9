import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiNoCredential, ApiSuccessResponse, AppError, success } from '@suite/http';
import { ApiNotFoundInCompany } from '../../../shared/not-found.docs';
import { AD_PLATFORM_UNAVAILABLE, STATE_UNKNOWN } from '../ad-account-messages';
import { AD_CHANNEL_LABELS, AD_PROVIDERS } from '../ad-provider';
import { CompletedConsentResponse, mapReadableAdAccount, ReadableAdAccountResponse } from '../dto/readable-ad-account.response';
import { AdConnectService } from './ad-connect.service';
import { ApiConsentAnswerQuery, consentAnswerOf } from './consent-answer';
import { CONSENT_CALLBACK_PATH } from './consent-scopes';

const ProviderParam = () =>
  ApiParam({ name: 'provider', enum: AD_PROVIDERS, description: 'The ad platform: facebook (Meta) or google (Google Ads)' });

/**
 * Connecting an ad platform per company through its OAuth consent (docs/ad-accounts.md, decision
 * 0043): a company's user is sent to the provider's consent page, the provider sends the browser
 * back to the callback, which stores the grant (sealed) and lists the accounts it may read; one is
 * then connected with POST /api/ad-accounts.
 */
@ApiTags('ad-accounts')
@Controller('api/ad-accounts')
export class AdConnectController {
  constructor(private readonly connect: AdConnectService) {}

  @Get('connect/:provider')
  @RequirePermission('manage-ad-accounts')
  @ProviderParam()
  @ApiOperation({
    summary:
      "Start connecting an ad platform: 302 to the provider's consent page (client_id, redirect_uri under PLATFORM_PUBLIC_URL, " +
      'a single-use state valid 10 minutes, the read-only scope ads_read / adwords, PKCE S256)',
  })
  @ApiResponse({
    status: 302,
    description: "To the provider's consent page",
    headers: { Location: { description: "The provider's consent page", schema: { type: 'string', format: 'uri' } } },
  })
  @ApiErrors({ 404: 'Ad platform <provider> is not available here.' })
  @ApiNotFoundInCompany()
  async begin(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @CurrentPrincipal() principal: Principal,
    @Param('provider') provider: string,
    @Query() _query: CompanyQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (principal.userId === null) throw new AppError('forbidden', 'Connecting an ad platform needs a user.');
    const url = await this.connect.begin(companyId, principal.userId, provider);
    // The URL carries the state: no cache may keep it.
    void reply.header('cache-control', 'no-store').redirect(url, 302);
  }

  @Get(`${CONSENT_CALLBACK_PATH.slice('/api/ad-accounts/'.length)}/:provider`)
  @ApiNoCredential()
  @ProviderParam()
  @ApiOperation({
    summary:
      'Where the provider sends the browser back after the consent (no bearer token: the single-use state names the company and ' +
      'user). Stores the grant and lists the ad accounts it may read; connect one with POST /api/ad-accounts',
  })
  @ApiConsentAnswerQuery()
  @ApiSuccessResponse({ message: '<Provider> connected: choose an ad account.', data: CompletedConsentResponse })
  @ApiErrors({
    400: `state or code missing, or: ${STATE_UNKNOWN}`,
    404: 'Ad platform <provider> is not available here.',
    422: 'The user declined the consent, or the provider refused the code.',
    503: AD_PLATFORM_UNAVAILABLE,
  })
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'no-store');
    const completed = await this.connect.complete(provider, consentAnswerOf(query));
    return success({
      message: `${AD_CHANNEL_LABELS[completed.provider]} connected: choose an ad account.`,
      data: {
        provider: completed.provider,
        accounts: completed.accounts.map(mapReadableAdAccount),
        reconnected: completed.reconnected,
      },
    });
  }

  @Get('connect/:provider/accounts')
  @RequirePermission('manage-ad-accounts')
  @ProviderParam()
  @ApiOperation({ summary: "The ad accounts the company's grant of the provider may read now, asked of the provider" })
  @ApiSuccessResponse({ data: [ReadableAdAccountResponse] })
  @ApiErrors({
    404: 'No grant of the provider in the company (connect first), or Ad platform <provider> is not available here.',
    503: AD_PLATFORM_UNAVAILABLE,
  })
  @ApiNotFoundInCompany()
  async readable(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Param('provider') provider: string,
    @Query() _query: CompanyQuery,
  ) {
    const accounts = await this.connect.readable(companyId, provider);
    return success({ data: accounts.map(mapReadableAdAccount) });
  }
}
