import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, CurrentPrincipal, RequirePermission, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, PaginatedResponse, paginated, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { ListPhoneNumbersQuery } from './dto/list-phone-numbers.query';
import { AvailableNumbersResponse, mapPhoneNumber, PhoneNumberResponse } from './dto/phone-number.response';
import { PurchaseNumberRequest } from './dto/purchase-number.request';
import { SEARCH_PROVIDERS, SearchAvailableQuery } from './dto/search-available.query';
import { UpdatePhoneNumberRequest } from './dto/update-phone-number.request';
import { NumberPurchaseService, TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_USED } from './number-purchase.service';
import { MOBILE_NOT_IN_NORTH_AMERICA, NumberSearchService, SEARCH_LIMIT } from './number-search.service';
import { ASSIGNED_TO_AGENT, PhoneNumbersService } from './phone-numbers.service';
import { NUMBER_NO_LONGER_AVAILABLE, PROVIDER_UNAVAILABLE } from './voice-failures';

export const PROVIDER_MUST_BE_CARRIER = 'provider must be Carrier.';

/**
 * The company's phone numbers: search the provider's inventory, buy with a purchase token, list,
 * name, release. Path ids are numeric, base64 or encrypted; the static segments (search-available,
 * purchase, and dsi-agents of the agents feature) are matched before `:id` by the router.
 */
@ApiTags('phone-numbers')
@Controller('api/phone-numbers')
export class PhoneNumbersController {
  constructor(
    private readonly numbers: PhoneNumbersService,
    private readonly searches: NumberSearchService,
    private readonly purchases: NumberPurchaseService,
  ) {}

  @Get('search-available')
  @RequirePermission('view-phone-numbers')
  @ApiOperation({
    summary:
      `Search Available Numbers: up to ${SEARCH_LIMIT} numbers for sale, without those any company holds; ` +
      `each record's purchase_token buys it (POST /api/phone-numbers/purchase) within 10 minutes`,
  })
  @ApiSuccessResponse({ message: 'Available numbers retrieved successfully.', data: AvailableNumbersResponse })
  @ApiErrors({ 422: `${PROVIDER_MUST_BE_CARRIER} / ${MOBILE_NOT_IN_NORTH_AMERICA}`, 503: PROVIDER_UNAVAILABLE })
  @ApiNotFoundInCompany()
  async searchAvailable(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: SearchAvailableQuery) {
    if (!(SEARCH_PROVIDERS as readonly unknown[]).includes(query.provider)) {
      throw new AppError('unprocessable', PROVIDER_MUST_BE_CARRIER, { provider: [PROVIDER_MUST_BE_CARRIER] });
    }
    const found = await this.searches.search(companyId, {
      country: query.phone_country ?? 'US',
      type: query.phone_type ?? 'local',
      searchBy: query.searchBy ?? 'AreaCode',
      value: query.areaCode?.trim() || null,
    });
    const records = found.map(({ offer, purchaseToken }, position) => ({
      index: position + 1,
      phone_number: offer.phoneNumber,
      friendly_name: offer.friendlyName,
      locality: offer.locality,
      capabilities: offer.capabilities,
      purchase_token: purchaseToken,
    }));
    return success({
      message: records.length > 0 ? 'Available numbers retrieved successfully.' : 'No numbers found for this search.',
      data: { records },
    });
  }

  @Post('purchase')
  @RequirePermission('edit-phone-numbers')
  @ApiOperation({ summary: 'Purchase Phone Number: buys the number a purchase token names, once (emits phone_number.purchased)' })
  @ApiSuccessResponse({ status: 201, message: 'Phone number purchased successfully.', data: PhoneNumberResponse })
  @ApiErrors({
    409: `${NUMBER_NO_LONGER_AVAILABLE} / ${TOKEN_USED}`,
    422: `${TOKEN_EXPIRED} / ${TOKEN_INVALID} (errors.purchase_token)`,
    503: PROVIDER_UNAVAILABLE,
  })
  @ApiNotFoundInCompany()
  async purchase(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: PurchaseNumberRequest,
  ) {
    const number = await this.purchases.purchase(companyId, body.purchase_token, principal.userId);
    return success({ message: 'Phone number purchased successfully.', data: mapPhoneNumber(number) });
  }

  @Get()
  @RequirePermission('view-phone-numbers')
  @ApiOperation({
    summary: "List the company's numbers, newest first; `search` matches number or nickname (per_page default 15, max 100)",
  })
  @ApiSuccessResponse({ data: PaginatedResponse(PhoneNumberResponse) })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListPhoneNumbersQuery) {
    const page = query.pageRequest();
    const { numbers, total } = await this.numbers.list(companyId, query.search, page);
    return success({ data: paginated(numbers.map(mapPhoneNumber), total, page) });
  }

  @Get(':id')
  @RequirePermission('view-phone-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'One number of the company (released numbers are not found)' })
  @ApiSuccessResponse({ data: PhoneNumberResponse })
  @ApiNotFoundInCompany('phone number')
  async get(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    return success({ data: mapPhoneNumber(await this.numbers.get(companyId, id)) });
  }

  @Put(':id')
  @RequirePermission('edit-phone-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: "Set the number's nickname (null clears it, omitted leaves it)" })
  @ApiSuccessResponse({ message: 'Phone number updated successfully.', data: PhoneNumberResponse })
  @ApiNotFoundInCompany('phone number')
  async update(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdatePhoneNumberRequest,
  ) {
    const number = await this.numbers.rename(companyId, id, body.nickname);
    return success({ message: 'Phone number updated successfully.', data: mapPhoneNumber(number) });
  }

  @Delete(':id')
  @RequirePermission('edit-phone-numbers')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Release the number to the provider (emits phone_number.released); 409 while an agent uses it' })
  @ApiSuccessResponse({ message: 'Phone number released successfully.' })
  @ApiErrors({ 409: ASSIGNED_TO_AGENT, 503: PROVIDER_UNAVAILABLE })
  @ApiNotFoundInCompany('phone number')
  async release(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.numbers.release(companyId, id, principal.userId);
    return success({ message: 'Phone number released successfully.' });
  }
}
