/**
 * One event of the suite as the workflows see it: which trigger type it is, for which company and
 * contact, and the facts a trigger's config filters on. `eventId` (the envelope's id, or a manual
 * run's own uuid) makes a redelivered event start nothing new.
 */
export interface TriggerOccurrence {
  companyId: string;
  triggerType: string;
  eventId: string;
  /** The CRM contact the run is for. */
  contactId: string;
  facts: TriggerFacts;
}

/** What a trigger's config can filter on (each set only by the events that carry it). */
export interface TriggerFacts {
  source?: string | null;
  pipelineId?: string;
  stageId?: string;
  addedTags?: readonly string[];
  body?: string;
  disposition?: string | null;
  callStatus?: string;
}
