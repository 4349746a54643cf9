/** What the service did with one callback; the callback route answers these (200). */
export interface CallbackResult {
  readonly kind: 'status' | 'inbound';
  readonly carrier_message_id: string;
  /**
   * `applied`: recorded now; `duplicate`: recorded before (a retry), nothing changed;
   * `unknown_message`: a receipt for no message of ours; `ignored`: nothing to do with it
   * (inbound to a number no workspace owns, a receipt contradicting a verdict already given).
   */
  readonly outcome: 'applied' | 'duplicate' | 'unknown_message' | 'ignored';
  /** The message the callback concerns, when there is one. */
  readonly message_id: string | null;
}
