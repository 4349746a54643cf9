/** Ids leave the API as integers (the spec's `user_id: integer`); bigint identities stay far below 2^53. */
export const apiId = (id: string): number => Number(id);
