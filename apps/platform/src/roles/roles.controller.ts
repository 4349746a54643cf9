import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ActingCompany,
  AuthzReplicaReader,
  CompanyQuery,
  CurrentPrincipal,
  permissionsOf,
  RequirePermission,
  type Principal,
} from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../ids/platform-id.pipe';
import { MessageResponse } from '../shared/message.response';
import { ApiNotFoundInCompany } from '../shared/not-found.docs';
import { mapRole, RoleResponse } from './dto/role.response';
import { RoleRequest } from './dto/role.request';
import { RolesService } from './roles.service';

@ApiTags('roles')
@Controller('api/roles')
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly reader: AuthzReplicaReader,
  ) {}

  @Get()
  @RequirePermission('view-roles')
  @ApiOperation({ summary: 'List roles with their permissions and how many users hold each' })
  @ApiSuccessResponse({ data: [RoleResponse] })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    const roles = await this.roles.list(companyId);
    return success({ data: roles.map(({ role, usersCount }) => mapRole(role, usersCount)) });
  }

  @Post()
  @RequirePermission('edit-roles')
  @ApiErrors({ 403: 'Also when the role would grant a permission the caller does not hold.' })
  @ApiOperation({ summary: 'Create a role (only permissions the caller holds)' })
  @ApiSuccessResponse({ status: 201, message: 'Role created successfully.', data: RoleResponse })
  @ApiNotFoundInCompany()
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
  @RequirePermission('edit-roles')
  @ApiErrors({ 403: 'Also when the role grants, or would grant, a permission the caller does not hold.' })
  @ApiPlatformIdParam()
  @ApiOperation({
    summary:
      "Edit a role; its users' replicas learn the new permissions (user.updated). " +
      '403 when the role grants, or would grant, a permission the caller does not hold',
  })
  @ApiSuccessResponse({ message: 'Role updated successfully.', data: RoleResponse })
  @ApiNotFoundInCompany('role')
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
  @RequirePermission('delete-role')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete Role (also DELETE /api/roles/delete/{id}); 409 while users hold it' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundInCompany('role')
  @ApiErrors({ 409: 'Users still hold the role; give them another first.' })
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ): Promise<MessageResponse> {
    await this.roles.delete(companyId, id);
    return { message: 'Role deleted successfully.' };
  }
}
