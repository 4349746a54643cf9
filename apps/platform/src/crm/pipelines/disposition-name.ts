/** A disposition as links store it and calls are matched: trimmed and lower-cased. */
export const normalizeDisposition = (disposition: string): string => disposition.trim().toLowerCase();
