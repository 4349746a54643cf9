/** The kinds of company-specific selection a graph can hold (config fields of type `reference`). */
export const REFERENCE_KINDS = ['pipeline', 'stage', 'list', 'user', 'agent', 'phone_number', 'email_domain'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
