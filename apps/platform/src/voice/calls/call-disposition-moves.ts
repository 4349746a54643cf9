import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { ContactEntity, PipelinePlacements, normalizeDisposition, StageDispositionEntity } from '../../crm';

/**
 * A call's disposition moves its contact: to the stage each pipeline of the company links to that
 * disposition (PUT /api/pipeline/stages/{id}/dispositions), in the transaction that ends the call.
 * The contact is locked first, then the stages (PipelinePlacements, id order), as a manual move
 * locks them; the move is recorded and published like one (`pipeline.contact_moved`), by nobody
 * (`changed_by` null). A deleted contact is left alone.
 */
@Injectable()
export class CallDispositionMoves {
  constructor(private readonly placements: PipelinePlacements) {}

  async moveContact(manager: EntityManager, companyId: string, contactId: string, disposition: string): Promise<number> {
    const key = normalizeDisposition(disposition);
    if (key === '') return 0;
    const links = await CompanyScopedRepository.of(manager, StageDispositionEntity, companyId).find({
      select: { pipelineId: true, stageId: true },
      where: { disposition: key },
      order: { pipelineId: 'ASC' },
    });
    if (links.length === 0) return 0;
    const contact = await CompanyScopedRepository.of(manager, ContactEntity, companyId).findOne({
      select: { id: true, assignedTo: true },
      where: { id: contactId, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!contact) return 0;
    let moved = 0;
    for (const link of links) {
      try {
        await this.placements.moveLocked(manager, companyId, contact, link.stageId, null);
        moved++;
      } catch (error) {
        // The stage went with its pipeline since the links were read (a concurrent deletion): nothing to move into.
        if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
      }
    }
    return moved;
  }
}
