import { FeatureModule } from '@suite/runtime';
import { ContactReplyEntity } from './engine/contact-reply.entity';
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
  controllers: [],
  providers: [],
})
export class WorkflowsModule {}
