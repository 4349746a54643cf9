/** The first segment of this library's prepared statement names, so they never meet an app's. */
export const EVENTING_STATEMENTS = 'eventing';
