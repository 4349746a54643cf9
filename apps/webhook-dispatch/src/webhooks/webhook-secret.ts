import { randomBytes } from 'node:crypto';

/** How long a rotated-out secret still signs deliveries, so receivers can switch over. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
