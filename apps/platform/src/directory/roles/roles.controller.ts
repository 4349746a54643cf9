import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ActingCompany, AuthzReplicaReader, CompanyQuery, CurrentPrincipal, permissionsOf, type Principal } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { PlatformId } from '../../ids/platform-id.pipe';
import { MessageResponse } from '../../shared/message.response';
import { mapRole, RoleResponse } from './dto/role.response';
import { RoleRequest } from './dto/role.request';
import { RolesService } from './roles.service';
import { CompanyRoute } from '../../shared/company-route';

@ApiTags('roles')
@Controller('api/roles')
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly reader: AuthzReplicaReader,
  ) {}

  @Get()
  @CompanyRoute('view-roles', {
    summary: 'List roles with their permissions and how many users hold each',
    answer: ApiSuccessResponse({ data: [RoleResponse] }),
  })
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    const roles = await this.roles.list(companyId);
    return success({ data: roles.map(({ role, usersCount }) => mapRole(role, usersCount)) });
  }

  @Post()
  @CompanyRoute('edit-roles', {
    summary: 'Create a role (only permissions the caller holds)',
    answer: ApiSuccessResponse({ status: 201, message: 'Role created successfully.', data: RoleResponse }),
    errors: ApiErrors({ 403: 'Also when the role would grant a permission the caller does not hold.' }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: RoleRequest,
  ) {
    const role = await this.roles.create(companyId, body, await permissionsOf(this.reader, principal));
    return success({ message: 'Role created successfully.', data: mapRole(role) });
  }

  @Put(':id')
  @CompanyRoute('edit-roles', {
    summary:
      "Edit a role; its users' replicas learn the new permissions (user.updated). " +
      '403 when the role grants, or would grant, a permission the caller does not hold',
    answer: ApiSuccessResponse({ message: 'Role updated successfully.', data: RoleResponse }),
    idParam: true,
    errors: ApiErrors({ 403: 'Also when the role grants, or would grant, a permission the caller does not hold.' }),
    notFound: 'role',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: RoleRequest,
  ) {
    const role = await this.roles.update(companyId, id, body, await permissionsOf(this.reader, principal));
    return success({ message: 'Role updated successfully.', data: mapRole(role) });
  }

  @Delete(['delete/:id', ':id'])
  @CompanyRoute('delete-role', {
    summary: 'Delete Role (also DELETE /api/roles/delete/{id}); 409 while users hold it',
    answer: ApiOkResponse({ type: MessageResponse }),
    idParam: true,
    errors: ApiErrors({ 409: 'Users still hold the role; give them another first.' }),
    notFound: 'role',
  })
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ): Promise<MessageResponse> {
    await this.roles.delete(companyId, id);
    return { message: 'Role deleted successfully.' };
  }
}
