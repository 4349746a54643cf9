import { IsInt, Max, Min } from 'class-validator';

/** The workflow engine's slice of the platform's environment: the loop guard (decision 0062). */
export class LoopGuardEnvironment {
  /**
   * The workflows' loop guard: how many runs one contact may start of one workflow within 30
   * minutes; past it a start is refused and logged as a `skipped` run (a workflow that tags a
   * contact and triggers on that tag cannot spin forever).
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  PLATFORM_WORKFLOW_LOOP_GUARD_MAX: number = 50;
}
