import { FeatureModule } from '@suite/database';
import { AppointmentsModule, ContactsModule, ListsModule, PipelinesModule } from '../crm';
import { WORKFLOW_ENGINE_CONTROLLERS, WORKFLOW_ENGINE_PROVIDERS } from './engine/workflow-engine.parts';
import { WorkflowCatalogController } from './catalog/workflow-catalog.controller';
import { ExecutionLogController } from './execution-log/execution-log.controller';
import { ExecutionLogService } from './execution-log/execution-log.service';
import { FoldersController } from './folders/folders.controller';
import { FoldersService } from './folders/folders.service';
import { WorkflowPackagesController } from './packages/workflow-packages.controller';
import { ReferenceResolver } from './references/reference-resolver';
import { WorkflowActivation } from './workflow-activation';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsService } from './workflows.service';
import { ContactReplyEntity } from './engine/contact-reply.entity';
import { WorkflowTimers } from './engine/runs/workflow-timers';
import { WorkflowRunStepEntity } from './engine/workflow-run-step.entity';
import { WorkflowRunEntity } from './engine/workflow-run.entity';
import { WorkflowFolderEntity } from './folders/workflow-folder.entity';
import { WorkflowVersionEntity } from './workflow-version.entity';
import { WorkflowEntity } from './workflow.entity';

/**
 * Automation workflows: the builder's graphs, their catalogs, export and import, folders, and the
 * engine that runs them on the suite's events (docs/workflows.md).
 */
@FeatureModule({
  entities: [
    WorkflowEntity,
    WorkflowVersionEntity,
    WorkflowFolderEntity,
    WorkflowRunEntity,
    WorkflowRunStepEntity,
    ContactReplyEntity,
  ],
  imports: [ContactsModule, ListsModule, AppointmentsModule, PipelinesModule],
  // Static paths (folder, catalog, execution-log, import) are matched before the `:id` ones by the router, whatever the order here.
  controllers: [
    WorkflowCatalogController,
    FoldersController,
    ExecutionLogController,
    WorkflowPackagesController,
    WorkflowsController,
    ...WORKFLOW_ENGINE_CONTROLLERS,
  ],
  providers: [
    WorkflowsService,
    WorkflowActivation,
    ReferenceResolver,
    FoldersService,
    ExecutionLogService,
    ...WORKFLOW_ENGINE_PROVIDERS,
  ],
  exports: [WorkflowsService, WorkflowTimers],
})
export class WorkflowsModule {}
