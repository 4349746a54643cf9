import { CALL_STATUSES } from '@suite/contracts';
import { type CatalogEntry, frozenCatalog } from './catalog-entry';

/** The statuses a `call.ended` event can carry (platform.call.v1): a filter on another could never match. */
const ENDED_CALL_STATUSES: string[] = CALL_STATUSES.filter((status) => status !== 'ringing' && status !== 'in_progress');

/** What can start a run. The engine matches each type to the event that fires it. */
export const TRIGGER_CATALOG: readonly CatalogEntry[] = frozenCatalog([
  {
    type: 'contact_created',
    name: 'Contact Created',
    category: 'Contacts',
    description: 'Starts when a contact is created.',
    config_fields: [
      {
        key: 'source',
        label: 'Source',
        type: 'string',
        required: false,
        max_length: 50,
        description: 'Only contacts (leads) from this source; any source when empty.',
      },
    ],
  },
  {
    type: 'contact_stage_moved',
    name: 'Contact Moved to Stage',
    category: 'Pipelines',
    description: 'Starts when a contact is moved to a pipeline stage.',
    config_fields: [
      { key: 'pipeline_id', label: 'Pipeline', type: 'reference', reference: 'pipeline', required: false },
      { key: 'stage_id', label: 'Stage', type: 'reference', reference: 'stage', required: false },
    ],
  },
  {
    type: 'tag_added',
    name: 'Tag Added',
    category: 'Contacts',
    description: 'Starts when a tag is added to a contact.',
    config_fields: [{ key: 'tag', label: 'Tag', type: 'tag', required: true, max_length: 100 }],
  },
  {
    type: 'sms_received',
    name: 'SMS Received',
    category: 'Messaging',
    description: 'Starts when a contact sends a text message.',
    config_fields: [
      {
        key: 'keyword',
        label: 'Keyword',
        type: 'string',
        required: false,
        max_length: 100,
        description: 'Only messages containing this text (case-insensitive); any message when empty.',
      },
    ],
  },
  {
    type: 'sms_replied',
    name: 'SMS Replied',
    category: 'Messaging',
    description: 'Starts when a contact replies to a text message sent to them.',
    config_fields: [],
  },
  {
    type: 'appointment_scheduled',
    name: 'Appointment Scheduled',
    category: 'Appointments',
    description: 'Starts when an appointment is scheduled for a contact.',
    config_fields: [],
  },
  {
    type: 'call_ended',
    name: 'Call Ended',
    category: 'Calls',
    description: 'Starts when a call with a contact ends.',
    config_fields: [
      { key: 'disposition', label: 'Disposition', type: 'string', required: false, max_length: 100 },
      { key: 'call_status', label: 'Call status', type: 'enum', required: false, options: ENDED_CALL_STATUSES },
    ],
  },
  {
    type: 'run_now',
    name: 'Run Now (manual)',
    category: 'Manual',
    description: 'Starts when someone runs the workflow by hand for chosen contacts.',
    config_fields: [],
  },
]);

export function triggerEntry(type: string): CatalogEntry | undefined {
  return TRIGGER_CATALOG.find((entry) => entry.type === type);
}
