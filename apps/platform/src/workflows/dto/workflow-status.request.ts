import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const SETTABLE_STATUSES = ['active', 'inactive'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** PUT /api/Workflow/status/{id}. */
export class WorkflowStatusRequest {
  @ApiProperty({
    enum: SETTABLE_STATUSES,
    description: 'active: new runs start; inactive: none start and waiting runs are cancelled',
  })
  @IsIn(SETTABLE_STATUSES)
  status!: SettableStatus;
}
