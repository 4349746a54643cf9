import { FeatureModule } from '@suite/database';
import { PipelinePlacements } from './pipeline-placements';
import { PipelinesController } from './pipelines.controller';
import { PipelinesService } from './pipelines.service';
import { PipelineContactEntity } from './pipeline-contact.entity';
import { PipelineStageEntity } from './pipeline-stage.entity';
import { PipelineEntity } from './pipeline.entity';
import { StageChangeEntity } from './stage-change.entity';
import { StageDispositionEntity } from './stage-disposition.entity';
import { StageDispositionsController } from './stage-dispositions.controller';
import { StageDispositionsService } from './stage-dispositions.service';

/** Pipelines, their stages and the contacts moving through them (the spec's Pipelines endpoints). */
@FeatureModule({
  entities: [PipelineEntity, PipelineStageEntity, PipelineContactEntity, StageChangeEntity, StageDispositionEntity],
  controllers: [PipelinesController, StageDispositionsController],
  providers: [PipelinesService, PipelinePlacements, StageDispositionsService],
  exports: [PipelinesService, PipelinePlacements],
})
export class PipelinesModule {}
