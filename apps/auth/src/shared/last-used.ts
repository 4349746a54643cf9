/** What `last_used_at` promises, for the OpenAPI descriptions of both credential lists. */
export const LAST_USED_DESCRIPTION =
  'When any app last accepted this credential; null: never used. Recorded at most once a minute per app ' +
  'instance and applied within seconds, so it may trail the latest use by up to about a minute.';
