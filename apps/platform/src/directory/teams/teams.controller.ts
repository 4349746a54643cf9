import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { apiId } from '../../shared/api-ids';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CreateTeamRequest } from './dto/create-team.request';
import { CreatedTeamResponse, mapTeam, mapTeamMembers, TeamMembersResponse, TeamResponse } from './dto/team.response';
import { TeamsService } from './teams.service';

@ApiTags('teams')
@Controller('api/teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get()
  @RequirePermission('view-teams')
  @ApiOperation({ summary: 'List teams' })
  @ApiSuccessResponse({ data: [TeamResponse] })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    const teams = await this.teams.list(companyId);
    return success({ data: teams.map(({ team, membersCount }) => mapTeam(team, membersCount)) });
  }

  @Post()
  @RequirePermission('edit-teams')
  @ApiOperation({ summary: 'Create a team with members' })
  @ApiErrors({ 422: 'A member is not a live user of the company (decision 0042): `members` lists the refused user ids.' })
  @ApiSuccessResponse({ status: 201, message: 'Team created successfully.', data: CreatedTeamResponse })
  @ApiNotFoundInCompany()
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateTeamRequest,
  ) {
    const { team, members } = await this.teams.create(companyId, {
      name: body.name,
      members: (body.members ?? []).map((member) => ({ userId: String(member.user_id), manager: member.manager ?? false })),
    });
    return success({
      message: 'Team created successfully.',
      data: {
        ...mapTeam(team, members.length),
        members: members.map((member) => ({ user_id: apiId(member.userId), manager: member.manager })),
      },
    });
  }

  @Get(':id/members')
  @RequirePermission('view-teams')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: "Team members: the company's users, which are assigned, which manage" })
  @ApiSuccessResponse({ data: TeamMembersResponse })
  @ApiNotFoundInCompany('team')
  async members(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    const { users, members } = await this.teams.members(companyId, id);
    return success({ data: mapTeamMembers(users, members) });
  }

  /** The spec asks view-teams (not edit-teams) for deletion; kept as written. */
  @Delete(['delete/:id', ':id'])
  @RequirePermission('view-teams')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete a team and its member assignments (also DELETE /api/teams/delete/{id})' })
  @ApiSuccessResponse({ message: 'Team deleted successfully.' })
  @ApiNotFoundInCompany('team')
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.teams.delete(companyId, id);
    return success({ message: 'Team deleted successfully.' });
  }
}
