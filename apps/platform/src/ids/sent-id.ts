/** An id as the client sent it, and what it decodes to (null when it names nothing in any spelling). */
export interface SentId {
  sent: string;
  id: string | null;
}
