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
   * Send batch lanes in this process: batches writing at once, and as many reading beside them
   * (the next batch reads while one writes, decision 0016's amendment; each holds a database
   * connection). One: a single lane gathers more sends per batch and costs less CPU per send than
   * two (decision 0019 has the measurements); raise it when the database is far enough away that a
   * batch's round trips leave the process idle.
   */
  @IsInt()
  @Min(1)
  @Max(50)
  MESSAGING_SEND_BATCH_CONCURRENCY: number = 1;
}
