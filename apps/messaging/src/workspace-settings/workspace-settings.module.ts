import { Module } from '@nestjs/common';
import { InternalWorkspaceSettingsController } from './internal-workspace-settings.controller';
import { WorkspaceSettingsService } from './workspace-settings.service';

@Module({
  controllers: [InternalWorkspaceSettingsController],
  providers: [WorkspaceSettingsService],
  exports: [WorkspaceSettingsService],
})
export class WorkspaceSettingsModule {}
