/** Ids leave the API as integers (the spec's `user_id: integer`); bigint identities stay far below 2^53. */
export const apiId = (id: string): number => Number(id);

/** Ids the spec gives in base64 (pipelines, stages, CRM contacts, lists, appointments): base64 of the decimal id, `42` → `NDI=`. */
export const base64Id = (id: string): string => Buffer.from(id, 'latin1').toString('base64');

/** A nullable id in base64. */
export const base64IdOrNull = (id: string | null): string | null => (id === null ? null : base64Id(id));
