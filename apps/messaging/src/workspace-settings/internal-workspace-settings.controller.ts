import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InternalTokenAuthenticated } from '@suite/authz';
import { ApiErrors } from '@suite/http';
import { mapWorkspaceSettings, PutWorkspaceSettingsRequest, WorkspaceSettingsResponse } from './dto/workspace-settings.dto';
import { WorkspaceSettingsService, type WorkspaceSettingsView } from './workspace-settings.service';

/** Operator routes for a workspace's send window, HELP reply and pacing overrides (decision 0004). */
@ApiTags('internal')
@InternalTokenAuthenticated()
@ApiErrors({ 404: 'Unknown company.' })
@Controller('internal/workspaces/:company_id/settings')
export class InternalWorkspaceSettingsController {
  constructor(private readonly settings: WorkspaceSettingsService) {}

  @Get()
  @ApiOperation({ summary: 'The effective settings (defaults applied) and which fields are overridden' })
  @ApiOkResponse({ type: WorkspaceSettingsResponse })
  async get(@Param('company_id') companyId: string): Promise<WorkspaceSettingsResponse> {
    return respond(companyId, await this.settings.get(companyId));
  }

  @Put()
  @ApiOperation({ summary: 'Replace the overrides (omitted or null = default); 400 unless send_window_start < send_window_end' })
  @ApiOkResponse({ type: WorkspaceSettingsResponse })
  async put(
    @Param('company_id') companyId: string,
    @Body() body: PutWorkspaceSettingsRequest,
  ): Promise<WorkspaceSettingsResponse> {
    return respond(
      companyId,
      await this.settings.put(companyId, {
        sendWindowStart: body.send_window_start ?? null,
        sendWindowEnd: body.send_window_end ?? null,
        helpReply: body.help_reply ?? null,
        perSecondRate: body.per_second_rate ?? null,
        warmupDays: body.warmup_days ?? null,
        dailyNewContactsStart: body.daily_new_contacts_start ?? null,
        dailyNewContactsMax: body.daily_new_contacts_max ?? null,
      }),
    );
  }
}

const respond = (companyId: string, view: WorkspaceSettingsView) =>
  mapWorkspaceSettings(companyId, view.settings, view.overridden);
