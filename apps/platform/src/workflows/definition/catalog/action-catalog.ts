import { type CatalogEntry, frozenCatalog } from './catalog-entry';

/** The longest text message body a step may hold (a long SMS is split into segments by the carrier). */
export const SMS_MESSAGE_MAX_LENGTH = 2000;

/** What a run can do, step by step. Cross-field rules (a wait's duration OR until) live in node-config.ts. */
export const ACTION_CATALOG: readonly CatalogEntry[] = frozenCatalog([
  {
    type: 'send_sms',
    name: 'Send SMS',
    category: 'Messaging',
    description: 'Sends a text message to the contact.',
    config_fields: [{ key: 'message', label: 'Message', type: 'template', required: true, max_length: SMS_MESSAGE_MAX_LENGTH }],
  },
  {
    type: 'send_email',
    name: 'Send Email',
    category: 'Messaging',
    description: 'Sends an email to the contact from one of the company’s sending domains.',
    config_fields: [
      {
        key: 'domain_id',
        label: 'Sending domain',
        type: 'reference',
        reference: 'email_domain',
        required: true,
        max_length: 64,
      },
      // 998: the longest line RFC 5322 allows, and a subject is one header line.
      { key: 'subject', label: 'Subject', type: 'template', required: true, max_length: 998 },
      { key: 'body', label: 'Body', type: 'template', required: true, max_length: 10_000 },
    ],
  },
  {
    type: 'wait',
    name: 'Wait',
    category: 'Flow',
    description: 'Waits for a time, or until a weekday and time in the contact’s time zone. Set exactly one of the two.',
    config_fields: [
      { key: 'duration', label: 'Wait for', type: 'duration', required: false },
      { key: 'until', label: 'Wait until', type: 'weekly_time', required: false },
    ],
  },
  {
    type: 'if_else',
    name: 'If / Else',
    category: 'Flow',
    description: 'Continues on the `yes` branch when the conditions hold, on the `no` branch otherwise.',
    config_fields: [
      { key: 'conditions', label: 'Conditions', type: 'conditions', required: true },
      {
        key: 'match',
        label: 'Match',
        type: 'enum',
        required: false,
        options: ['all', 'any'],
        description: 'all (the default): every condition holds; any: at least one does.',
      },
    ],
  },
  {
    type: 'add_tag',
    name: 'Add Tag',
    category: 'Contacts',
    description: 'Adds a tag to the contact.',
    config_fields: [{ key: 'tag', label: 'Tag', type: 'tag', required: true, max_length: 100 }],
  },
  {
    type: 'remove_tag',
    name: 'Remove Tag',
    category: 'Contacts',
    description: 'Removes a tag from the contact.',
    config_fields: [{ key: 'tag', label: 'Tag', type: 'tag', required: true, max_length: 100 }],
  },
  {
    type: 'move_to_stage',
    name: 'Move to Stage',
    category: 'Pipelines',
    description: 'Moves the contact to a stage of a pipeline.',
    config_fields: [
      { key: 'pipeline_id', label: 'Pipeline', type: 'reference', reference: 'pipeline', required: true },
      { key: 'stage_id', label: 'Stage', type: 'reference', reference: 'stage', required: true },
    ],
  },
  {
    type: 'add_to_list',
    name: 'Add to List',
    category: 'Contacts',
    description: 'Adds the contact to a contact list.',
    config_fields: [{ key: 'list_id', label: 'List', type: 'reference', reference: 'list', required: true }],
  },
  {
    type: 'assign_user',
    name: 'Assign User',
    category: 'Contacts',
    description: 'Assigns the contact to a user of the company.',
    config_fields: [{ key: 'user_id', label: 'User', type: 'reference', reference: 'user', required: true }],
  },
  {
    type: 'create_appointment',
    name: 'Create Appointment',
    category: 'Appointments',
    description: 'Creates an appointment with the contact, starting a set time after this step runs.',
    config_fields: [
      { key: 'title', label: 'Title', type: 'template', required: true, max_length: 255 },
      { key: 'starts_in', label: 'Starts in', type: 'duration', required: true },
      { key: 'duration_minutes', label: 'Length (minutes)', type: 'integer', required: true, minimum: 5, maximum: 1440 },
      { key: 'assigned_to', label: 'Assigned to', type: 'reference', reference: 'user', required: false },
    ],
  },
  {
    type: 'end',
    name: 'End',
    category: 'Flow',
    description: 'Ends the run.',
    config_fields: [],
  },
]);

export function actionEntry(type: string): CatalogEntry | undefined {
  return ACTION_CATALOG.find((entry) => entry.type === type);
}
