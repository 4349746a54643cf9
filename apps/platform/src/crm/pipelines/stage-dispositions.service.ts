import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { AppError } from '@suite/http';
import { normalizeDisposition } from './disposition-name';
import { MAX_DISPOSITION_NAME } from './dto/stage-dispositions.request';
import { STAGE_NOT_FOUND } from './pipeline-placements';
import { PipelineStageEntity } from './pipeline-stage.entity';
import { PipelineEntity } from './pipeline.entity';
import { StageDispositionEntity } from './stage-disposition.entity';

/** The dispositions as stored: trimmed, lower-cased, each once, in the order given. */
export const normalizedDispositions = (names: readonly string[]): string[] => [...new Set(names.map(normalizeDisposition))];

/**
 * Which call dispositions lead to a stage (a call ended with one moves its contact there:
 * calls/call-disposition-moves.ts). Within a pipeline a disposition leads to one stage, so
 * naming one that another stage of the pipeline has moves it here.
 */
@Injectable()
export class StageDispositionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Replaces the stage's set. The pipeline's row is locked first (as its deletion locks it, before
   * its stages), so two stages of one pipeline claiming the same disposition at once take turns.
   */
  replace(companyId: string, stageId: string, names: readonly string[]): Promise<string[]> {
    const dispositions = normalizedDispositions(names);
    // Lower-casing can lengthen a name (`İ` → `i̇`): what is stored must still fit.
    if (dispositions.some((name) => name.length > MAX_DISPOSITION_NAME))
      throw new AppError('unprocessable', `A disposition is longer than ${MAX_DISPOSITION_NAME} characters once lower-cased.`, {
        dispositions: [`each must be at most ${MAX_DISPOSITION_NAME} characters once lower-cased`],
      });
    return this.dataSource.transaction(async (manager) => {
      const stages = CompanyScopedRepository.of(manager, PipelineStageEntity, companyId);
      const found = await stages.findOne({ select: { id: true, pipelineId: true }, where: { id: stageId } });
      if (!found) throw new AppError('not_found', STAGE_NOT_FOUND);
      const pipeline = await CompanyScopedRepository.of(manager, PipelineEntity, companyId).findOne({
        select: { id: true },
        where: { id: found.pipelineId },
        lock: { mode: 'pessimistic_write' },
      });
      const stage = pipeline && (await stages.findOne({ where: { id: stageId }, lock: { mode: 'pessimistic_write' } }));
      if (!stage) throw new AppError('not_found', STAGE_NOT_FOUND);

      const links = CompanyScopedRepository.of(manager, StageDispositionEntity, companyId);
      await links.delete({ stageId: stage.id });
      if (dispositions.length > 0) {
        await links.delete({ pipelineId: stage.pipelineId, disposition: In(dispositions) });
        await links.insert(
          dispositions.map((disposition) => links.create({ pipelineId: stage.pipelineId, stageId: stage.id, disposition })),
        );
      }
      return dispositions;
    });
  }
}
