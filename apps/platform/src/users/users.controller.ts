import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { AppError, paginationOf, success } from '@suite/runtime';
import { ApiPlatformIdParam, PlatformId } from '../ids/platform-id.pipe';
import { CreateUserRequest } from './dto/create-user.request';
import { ListUsersQuery } from './dto/list-users.query';
import { UpdateUserRequest } from './dto/update-user.request';
import type { UserSettingsRequest } from './dto/user-settings.request';
import { mapUser } from './dto/user.response';
import { LoginAsService, type LoginAsResult } from './login-as.service';
import { UsersService, type Actor, type UserSettings } from './users.service';

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
  @RequirePermission('view-users')
  @ApiOperation({ summary: 'List users (paginated, per_page default 15, max 100)' })
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() query: ListUsersQuery) {
    const page = query.pageRequest();
    const { users, total } = await this.users.list(companyId, page);
    const { current_page, per_page, last_page } = paginationOf(page, total, users.length);
    // This listing's own contract (decision 0009 §9), older than the helpers: the users in `data`,
    // the numbers in `meta`. The spec's `{records, pagination}` is for the lists it describes.
    return { success: true, data: users.map(mapUser), meta: { current_page, per_page, total, last_page } };
  }

  @Post()
  @RequirePermission('create-users')
  @ApiOperation({ summary: 'Create a user (emits user.created)' })
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
  @RequirePermission('edit-users')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Update User (also PUT /api/users/update/{id}); 403 when the user holds a permission the caller does not (oneself included, with a narrowed token)',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: UpdateUserRequest,
  ) {
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
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Delete User (also DELETE /api/users/delete/{id}); 403 when the user holds a permission the caller does not; a user cannot delete themselves (422)',
  })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.users.delete(companyId, id, await this.actor(principal));
    return { message: 'User deleted successfully.' };
  }

  @Post(':id/login-as')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RequirePermission('view-users')
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      'Login-as (also GET): a short-lived (300 s) bearer token for that user, naming the caller as actor (RFC 8693); 422 for oneself, 403 when already acting as someone or when the user holds a permission the caller does not',
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
  @RequirePermission('view-users')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Login-as (same as POST /api/users/{id}/login-as)' })
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
  ): Promise<{ data: LoginAsResult }> {
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
