import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { AD_PLATFORM_UNAVAILABLE, HELD_ELSEWHERE, NOT_FOUND_AT_PROVIDER } from './ad-account-messages';
import { AdAccountsService } from './ad-accounts.service';
import { AdAccountResponse, mapAdAccount } from './dto/ad-account.response';
import { ConnectAdAccountRequest } from './dto/connect-ad-account.request';

/**
 * The company's ad accounts (Facebook Ads, Google Ads; one of each), whose daily spend the
 * platform syncs for the business dashboard (docs/ad-accounts.md). An agency acts on a child with
 * `company_id`. Ids answer as integers and are accepted numeric, base64 or encrypted.
 */
@ApiTags('ad-accounts')
@Controller('api/ad-accounts')
export class AdAccountsController {
  constructor(private readonly accounts: AdAccountsService) {}

  @Get()
  @RequirePermission('view-dashboard')
  @ApiOperation({ summary: 'List the connected ad accounts (facebook, then google) with their sync state' })
  @ApiSuccessResponse({ data: [AdAccountResponse] })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    const accounts = await this.accounts.list(companyId);
    return success({ data: accounts.map(mapAdAccount) });
  }

  @Post()
  @RequirePermission('manage-ad-accounts')
  @ApiOperation({
    summary:
      'Connect an ad account (one per provider), checked at the provider with the company’s grant (live) and held by one company ' +
      'at a time; its first spend sync (the last 90 days) starts at once',
  })
  @ApiSuccessResponse({ status: 201, message: 'Ad account connected successfully.', data: AdAccountResponse })
  @ApiErrors({
    409: 'A <provider> ad account is already connected.',
    422:
      'provider not facebook or google, account_id not written as the provider writes it (errors by field), no working grant ' +
      `of the provider (live ad platform), or: ${NOT_FOUND_AT_PROVIDER} / ${HELD_ELSEWHERE}`,
    503: AD_PLATFORM_UNAVAILABLE,
  })
  @ApiNotFoundInCompany()
  async connect(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: ConnectAdAccountRequest,
  ) {
    const account = await this.accounts.connect(companyId, body.provider, body.account_id);
    return success({ message: 'Ad account connected successfully.', data: mapAdAccount(account) });
  }

  @Delete(':id')
  @RequirePermission('manage-ad-accounts')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary: 'Disconnect an ad account: it and its synced spend are deleted (the dashboard then shows null spend)',
  })
  @ApiSuccessResponse({ message: 'Ad account disconnected successfully.' })
  @ApiNotFoundInCompany('ad account')
  async disconnect(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.accounts.disconnect(companyId, id);
    return success({ message: 'Ad account disconnected successfully.' });
  }
}
