import { IsInt, Max, Min } from 'class-validator';

/** The list read model's slice of webhook-dispatch's environment (decisions 0036, 0062). */
export class CrmListsEnvironment {
  /**
   * How long creating or updating a webhook waits for a `list_id` the read model has not heard of
   * to arrive (a list created a moment ago), before it counts as no list: 422 (decision 0036).
   */
  @IsInt()
  @Min(0)
  @Max(60_000)
  WEBHOOKS_LIST_WAIT_MS: number = 5_000;
}
