import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ActingCompany,
  AuthzReplicaReader,
  CompanyQuery,
  CurrentPrincipal,
  permissionsOf,
  RequirePermission,
  type Principal,
} from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, AppError, paginationOf, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { MessageResponse } from '../../shared/message.response';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CreateUserRequest } from './dto/create-user.request';
import { ListUsersQuery } from './dto/list-users.query';
import { LoginAsResponse } from './dto/login-as.response';
import { UpdateUserRequest } from './dto/update-user.request';
import { UserListResponse } from './dto/user-list.response';
import type { UserSettingsRequest } from './dto/user-settings.request';
import { mapUser, UserResponse } from './dto/user.response';
import { LoginAsService } from './login-as.service';
import { UsersService, type Actor, type UserSettings } from './users.service';
import { CompanyRoute } from '../../shared/company-route';

/** Decision 0042: body ids that name no row of the company. */
const REFERENCES_REFUSED =
  '`role_id` is not a role, or an `ext_phone` id not a live phone number, of the company (each failing field named).';

/** Users of the caller's company (or, with `company_id`, of an agency's child company). */
@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly reader: AuthzReplicaReader,
    private readonly loginAsService: LoginAsService,
  ) {}

  @Get()
  @CompanyRoute('view-users', {
    summary: 'List users (paginated, per_page default 15, max 100)',
    answer: ApiOkResponse({ type: UserListResponse }),
  })
  async list(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() query: ListUsersQuery,
  ): Promise<UserListResponse> {
    const page = query.pageRequest();
    const { users, total } = await this.users.list(companyId, page);
    const { current_page, per_page, last_page } = paginationOf(page, total, users.length);
    // This listing's own contract (decision 0009 §9), older than the helpers: the users in `data`,
    // the numbers in `meta`. The spec's `{records, pagination}` is for the lists it describes.
    return { success: true, data: users.map(mapUser), meta: { current_page, per_page, total, last_page } };
  }

  @Post()
  @CompanyRoute('create-users', {
    summary: 'Create a user (emits user.created); 400 when the email is taken or the role unknown',
    answer: ApiSuccessResponse({ status: 201, message: 'User created successfully.', data: UserResponse }),
    errors: ApiErrors({
      403: 'Also when the role given grants a permission the caller does not hold.',
      422: REFERENCES_REFUSED,
    }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateUserRequest,
  ) {
    const user = await this.users.create(
      companyId,
      { name: body.name, email: body.email, password: body.password, roleId: String(body.role_id), ...settingsOf(body) },
      await this.actor(principal),
    );
    return success({ message: 'User created successfully.', data: mapUser(user) });
  }

  @Put(['update/:id', ':id'])
  @CompanyRoute('edit-users', {
    summary:
      'Update User (also PUT /api/users/update/{id}); 403 when the user holds a permission the caller does not (oneself included, with a narrowed token)',
    answer: ApiOkResponse({ type: MessageResponse }),
    idParam: true,
    errors: ApiErrors({
      403: 'Also when the user, or the new role, holds a permission the caller does not.',
      422: REFERENCES_REFUSED,
    }),
    notFound: 'user',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateUserRequest,
  ): Promise<MessageResponse> {
    await this.users.update(
      companyId,
      id,
      { name: body.name, email: body.email, password: body.password, roleId: String(body.role_id), ...settingsOf(body) },
      await this.actor(principal),
    );
    return { message: 'User updated successfully.' };
  }

  @Delete(['delete/:id', ':id'])
  @RequirePermission('delete-users')
  @ApiErrors({ 403: 'Also when the user holds a permission the caller does not.' })
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Delete User (also DELETE /api/users/delete/{id}); 403 when the user holds a permission the caller does not; a user cannot delete themselves (422)',
  })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundInCompany('user')
  @ApiErrors({ 422: 'You cannot delete your own account.' })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ): Promise<MessageResponse> {
    await this.users.delete(companyId, id, await this.actor(principal));
    return { message: 'User deleted successfully.' };
  }

  @Post(':id/login-as')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @CompanyRoute('view-users', {
    summary:
      'Login-as (also GET): a short-lived (300 s) bearer token for that user, naming the caller as actor (RFC 8693); ' +
      '422 for oneself, 403 when already acting as someone or when the user holds a permission the caller does not',
    answer: ApiOkResponse({ type: LoginAsResponse }),
    idParam: true,
    errors: ApiLoginAsErrors(),
    notFound: 'user',
  })
  loginAs(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.issueLoginAs(principal, companyId, id, request);
  }

  @Get(':id/login-as')
  @Header('Cache-Control', 'no-store')
  @CompanyRoute('view-users', {
    summary: 'Login-as (same as POST /api/users/{id}/login-as)',
    answer: ApiOkResponse({ type: LoginAsResponse }),
    idParam: true,
    errors: ApiLoginAsErrors(),
    notFound: 'user',
  })
  loginAsByGet(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.issueLoginAs(principal, companyId, id, request);
  }

  private async issueLoginAs(
    principal: Principal,
    companyId: string,
    id: string,
    request: FastifyRequest,
  ): Promise<LoginAsResponse> {
    const bearer = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // The guard authenticated a bearer credential; it can only have come from the header (anything else fails validation).
    if (!bearer) throw new AppError('unauthenticated', 'Login-as needs the bearer token in the Authorization header.');
    const permissions = await permissionsOf(this.reader, principal);
    return {
      data: await this.loginAsService.loginAs({
        companyId,
        targetUserId: id,
        principal,
        permissions,
        bearer,
        clientIp: request.ip,
      }),
    };
  }

  private async actor(principal: Principal): Promise<Actor> {
    return { userId: principal.userId, permissions: await permissionsOf(this.reader, principal) };
  }
}

/** Login-as's own refusals; Nest appends each to @RequirePermission's description of the same status. */
function ApiLoginAsErrors() {
  return ApiErrors({
    401: 'The token must come in the Authorization header.',
    403: 'Also when the user holds a permission the caller does not, or the caller is already acting as someone.',
    422: 'Oneself, or a user who is not Active (or auth refused the exchange).',
    503: 'Auth cannot issue the token right now; retry later.',
  });
}

function settingsOf(body: UserSettingsRequest): UserSettings {
  return {
    status: body.status ?? undefined,
    dialer: body.dialer ?? undefined,
    useBalance: body.use_balance ?? undefined,
    payForSeats: body.pay_for_seats ?? undefined,
    useCompanySeat: body.use_company_seat ?? undefined,
    localPresence: body.local_presence ?? undefined,
    phoneNumber: body.phone_number,
    extPhone: body.ext_phone ?? undefined,
    areaCodes: body.area_codes ?? undefined,
  };
}
