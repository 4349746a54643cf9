/** Error sentences shared by the email controllers and services. */
export const EMAIL_NOT_FOUND = {
  domain: 'Email domain not found in this workspace.',
  mailbox: 'Mailbox not found in this workspace.',
  mailboxOfDomain: 'Mailbox not found on this domain of the workspace.',
  send: 'Email not found.',
} as const;
