/**
 * What an erased contact's delivery keeps as its payload (DeliveryErasureHandler): nothing. No
 * webhook kind has an empty payload, so `{}` marks it — it is never sent again (a replay is 409).
 */
export const ERASED_PAYLOAD_SQL = `'{}'::jsonb`;

export const isErasedPayload = (data: object): boolean => Object.keys(data).length === 0;
