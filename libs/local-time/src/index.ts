// A person's local time: the time zones a phone number may be in, wall-clock arithmetic across offset changes,
// and the local window a contact may be reached in (messaging's send window, the dialer's calling window).
export * from './send-window';
export * from './recipient-time-zone';
export * from './known-time-zones';
export * from './time-zone-table';
