/** Where `npm start`'s webhooks may go besides the internet: this machine (decision 0028). */
export const EMBEDDED_WEBHOOK_CIDRS = '127.0.0.0/8,::1/128';

/**
 * WEBHOOKS_ALLOWED_PRIVATE_CIDRS for `npm start`: the user's when set, else loopback, so a receiver
 * on this machine (plain http included) can be tried at once. The note says so in the ready banner.
 */
export function embeddedWebhookTargets(env: NodeJS.ProcessEnv): { WEBHOOKS_ALLOWED_PRIVATE_CIDRS: string; note?: string } {
  const set = env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS;
  if (set !== undefined) return { WEBHOOKS_ALLOWED_PRIVATE_CIDRS: set };
  return {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: EMBEDDED_WEBHOOK_CIDRS,
    note: `Webhooks may go to this machine (WEBHOOKS_ALLOWED_PRIVATE_CIDRS=${EMBEDDED_WEBHOOK_CIDRS}, plain http too); set the variable to change that.`,
  };
}
