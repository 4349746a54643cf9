/**
 * The form of an email under which users are unique and found: the platform keeps it as
 * `users.email_key` (unique among a company's live users, decision 0037) and auth looks sign-ins
 * up by it, so the two apps must compute it the same way — here, once.
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
