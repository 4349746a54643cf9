import { IsInt, Max, Min } from 'class-validator';

/** The receipt reconciliation's slice of messaging's environment (decision 0062). */
export class ReceiptReconciliationEnvironment {
  /**
   * A `sent` message without a delivery receipt after this long is reconciled: the carrier is asked
   * for its status (decision 0049, docs/carriers.md "Receipts that never come"). 24 h by default,
   * whatever the carrier: providers retry their callbacks for hours.
   */
  @IsInt()
  @Min(1)
  @Max(30 * 24 * 60 * 60)
  MESSAGING_RECEIPT_TIMEOUT_SECONDS: number = 86_400;
}
