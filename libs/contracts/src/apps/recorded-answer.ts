/**
 * The integration tests' record of what the apps answered (decision 0026): written by
 * libs/http's answer-recording.hook.ts, read by libs/testing's contract check, so its shape
 * is a contract. When this variable
 * names a directory, every app that declares its error body writes a sample of its answers
 * there, and the integration run checks each against the app's OpenAPI document at the end.
 * Unset (production, `npm start`, the benches): nothing is recorded.
 */
export const ANSWER_RECORDING_VARIABLE = 'OPENAPI_ANSWERS_DIR';

/** One line of `<dir>/answers-<app>-<pid>.ndjson`. */
export interface RecordedAnswer {
  app: string;
  /** The document the answering process served: `<dir>/documents/<document>.json`. */
  document: string;
  method: string;
  /** The OpenAPI path template of the route that answered: `/v1/messages/{id}`. */
  route: string;
  status: number;
  contentType: string | null;
  /** The body as sent; null when it was streamed or larger than the recorder keeps. */
  body: string | null;
}

export const answersFileName = (app: string, pid: number): string => `answers-${app}-${pid}.ndjson`;
export const documentFileName = (hash: string): string => `documents/${hash}.json`;
