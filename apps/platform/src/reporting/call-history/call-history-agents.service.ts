import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { AgentEntity } from '../../voice';

/** The agents the export's agent filter offers: the company's live (not deleted) agents, by name. */
@Injectable()
export class CallHistoryAgents {
  constructor(private readonly dataSource: DataSource) {}

  list(companyId: string): Promise<Array<Pick<AgentEntity, 'id' | 'name'>>> {
    return CompanyScopedRepository.of(this.dataSource, AgentEntity, companyId).find({
      select: { id: true, name: true },
      where: { deletedAt: IsNull() },
      order: { name: 'ASC', id: 'ASC' },
    });
  }
}
