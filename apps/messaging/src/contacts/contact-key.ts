/** A contact's key in maps of a batch (a workspace and a phone): one format wherever batches meet. */
export const contactKey = (companyId: string, phone: string): string => `${companyId}:${phone}`;
