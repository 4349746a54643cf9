/** Error sentences shared by the email controllers and services. */
export const EMAIL_NOT_FOUND = {
  domain: 'Email domain not found in this workspace.',
  mailbox: 'Mailbox not found in this workspace.',
  send: 'Email not found.',
} as const;

/**
 * A send's body ids that name nothing of the workspace (another workspace's, unknown, malformed):
 * 422 naming the field, as every body id of the suite (decision 0042); path ids stay 404.
 */
export const EMAIL_REFERENCE_REFUSED = {
  domain: 'domain_id must be an email domain of the workspace.',
  mailbox: 'mailbox_id must be a mailbox of the workspace.',
  mailboxOfDomain: 'mailbox_id must be a mailbox on the domain named by domain_id.',
} as const;
