/** The NOTIFY channel of an app schema's jobs; the payload is the queue name. */
export const jobsChannel = (schema: string) => `${schema}_jobs`;
