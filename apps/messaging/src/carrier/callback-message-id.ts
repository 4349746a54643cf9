import type { CarrierCallback } from './carrier.port';

/**
 * Twilio and Sendblue echo nothing of ours in a receipt's body, but they post it to the status
 * callback URL we gave with the send, which carries our message id (`?message_id=`): it goes on
 * the receipts (CarrierCallback.messageId), so one that overtakes its hand-off's commit can wait.
 */
export function withMessageId(callbacks: CarrierCallback[], messageId: string | null): CarrierCallback[] {
  if (!messageId) return callbacks;
  return callbacks.map((callback) => (callback.kind === 'status' ? { ...callback, messageId } : callback));
}
