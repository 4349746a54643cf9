import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../../shared/api-ids';
import type { AgentEntity } from '../../../voice';
import type { CallHistoryColumn } from '../call-history-columns';
import { CALL_HISTORY_COLUMN_KEYS } from '../call-history-columns';

export class CallHistoryColumnResponse {
  @ApiProperty({
    enum: CALL_HISTORY_COLUMN_KEYS,
    example: 'agent_name',
    description: 'The word for the export’s columns parameter',
  })
  key!: string;

  @ApiProperty({ example: 'Agent Name', description: 'The header of the column in the file' })
  label!: string;
}

export const mapColumn = (column: CallHistoryColumn): CallHistoryColumnResponse => ({ key: column.key, label: column.label });

export class CallHistoryAgentResponse {
  @ApiProperty({ type: 'integer', example: 7 })
  id!: number;

  @ApiProperty({ example: 'Front desk' })
  name!: string;
}

export const mapAgent = (agent: Pick<AgentEntity, 'id' | 'name'>): CallHistoryAgentResponse => ({
  id: apiId(agent.id),
  name: agent.name,
});
