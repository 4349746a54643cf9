/** The outbound statuses the read model keeps (messaging's public ones, without `received`). */
export const SMS_REPORT_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'cancelled', 'no_channel'] as const;
export type SmsReportStatus = (typeof SMS_REPORT_STATUSES)[number];

/**
 * How far along a message is: a status replaces the stored one only when it ranks higher, so
 * events applied twice or out of order end where the message ended. The ends rank alike: the
 * first one learnt stays.
 */
const RANK: Readonly<Record<SmsReportStatus, number>> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  failed: 2,
  cancelled: 2,
  no_channel: 2,
};

/** The stored statuses `next` may replace. */
export const statusesBelow = (next: SmsReportStatus): SmsReportStatus[] =>
  SMS_REPORT_STATUSES.filter((status) => RANK[status] < RANK[next]);

/** Texts handed to a carrier: the dashboard's `sent` (the carrier then delivered, failed or has not said yet). */
export const HANDED_TO_CARRIER: readonly SmsReportStatus[] = ['sent', 'delivered', 'failed'];
