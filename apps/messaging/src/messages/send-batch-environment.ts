import { IsInt, Max, Min } from 'class-validator';

/** The send path's slice of messaging's environment: the group commit of POST /v1/messages (decision 0062). */
export class SendBatchEnvironment {
  /**
   * Group commit of POST /v1/messages (decision 0016): most sends one transaction takes. Sends
   * that arrive while earlier batches are committing wait and leave together; a quiet service
   * still sends batches of one with no added latency.
   */
  @IsInt()
  @Min(1)
  @Max(1_000)
  MESSAGING_SEND_BATCH_MAX: number = 64;

  /**
   * Send batch lanes in this process: batches in flight at once, each from its read to its commit
   * on a database connection of its own. One: a single lane gathers more sends per batch and costs
   * less CPU per send than two (decisions 0016 and 0019 have the measurements); raise it when the
   * database is far enough away that a batch's round trips leave the process idle.
   */
  @IsInt()
  @Min(1)
  @Max(50)
  MESSAGING_SEND_BATCH_CONCURRENCY: number = 1;
}
