/** How long a rotated-out secret still signs deliveries, so receivers can switch over. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
