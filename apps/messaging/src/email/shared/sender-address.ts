import { isDomainName, isLocalPart } from './email-names';

/** The sender of a send without a mailbox: an address that says replies are not read. */
export const DEFAULT_LOCAL_PART = 'no-reply';

export interface SenderAddress {
  address: string;
  /** Display name of the From header; null for the domain's default sender. */
  name: string | null;
}

/** `local@domain` from parts that passed the naming rules (re-checked: a bad row must not reach a header). */
export function emailAddress(localPart: string, domain: string): string {
  if (!isLocalPart(localPart)) throw new Error(`not a valid local part: ${JSON.stringify(localPart)}`);
  if (!isDomainName(domain)) throw new Error(`not a valid domain name: ${JSON.stringify(domain)}`);
  return `${localPart}@${domain}`;
}

/** The From of a send: its mailbox's address and display name, or `no-reply@<domain>`. */
export function senderAddress(domain: string, mailbox: { localPart: string; displayName: string | null } | null): SenderAddress {
  if (!mailbox) return { address: emailAddress(DEFAULT_LOCAL_PART, domain), name: null };
  return { address: emailAddress(mailbox.localPart, domain), name: mailbox.displayName || null };
}

/** The stable Message-ID of a send: every SMTP retry of it carries the same one. */
export function messageIdOf(sendId: string, domain: string): string {
  return `<${sendId}@${domain}>`;
}
