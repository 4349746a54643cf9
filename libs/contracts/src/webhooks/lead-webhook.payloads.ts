import { nullable, payload, Type, type Static } from '../events/payload-schema';
import { appointmentSchema } from '../events/platform-appointment.events';
import { campaignSchema } from '../events/platform-campaign.events';
import { crmContactSnapshotSchema } from '../events/platform-crm-contact.events';

const contact = crmContactSnapshotSchema.properties;
const appointment = appointmentSchema.properties;

/** `data` of `lead.generated`: the platform's `crm_contact.created`; WEBHOOK_KIND_SOURCES maps it. */
export const leadGeneratedWebhookSchema = payload({
  lead_id: contact.id,
  /** First and last name. */
  name: nullable(Type.String({ description: 'first and last name' })),
  first_name: contact.first_name,
  last_name: contact.last_name,
  phone: contact.phone,
  email: contact.email,
  /** The channel the lead came from (`facebook`, `google`, `organic`, `referral`, …); null when not given. */
  source: contact.source,
  /** The user of the company the lead is assigned to. */
  assigned_to: contact.assigned_to,
  tags: contact.tags,
  /** The dialer campaign that produced the lead; null for leads created through the API. */
  campaign_id: nullable(campaignSchema.properties.id),
  created_at: contact.created_at,
});
export type LeadGeneratedWebhookData = Static<typeof leadGeneratedWebhookSchema>;

/** `data` of `appointment.scheduled`: the platform's `appointment.scheduled`, under the spec's names. */
export const appointmentScheduledWebhookSchema = payload({
  appointment_id: appointment.id,
  lead_id: appointment.contact_id,
  /** The agent or user it is booked with; null when unassigned. */
  agent_id: appointment.assigned_to,
  title: appointment.title,
  /** ISO 8601 instant the appointment starts. */
  scheduled_at: appointment.starts_at,
  /** Whole minutes, from the appointment's start and end. */
  duration: Type.Integer({ description: 'whole minutes' }),
  status: appointment.status,
  created_at: appointment.booked_at,
});
export type AppointmentScheduledWebhookData = Static<typeof appointmentScheduledWebhookSchema>;
