/** Limits of the messaging API (the spec's and those chosen here; decision 0011). */
export const MESSAGING_LIMITS = {
  /** Characters of `message`; about 13 SMS segments, well above any iMessage or MMS text a lead reads. */
  messageMaxLength: 2000,
  firstNameMaxLength: 100,
  attachmentsMax: 10,
  attachmentUrlMaxLength: 2048,
  listLimitDefault: 50,
  listLimitMax: 200,
  conversationLimitDefault: 50,
  conversationLimitMax: 500,
} as const;
