/**
 * `data` of `lead.generated` (from the platform's `crm_contact.created`) and
 * `appointment.scheduled` (from `appointment.scheduled`); WEBHOOK_KIND_SOURCES maps them.
 */
export interface LeadGeneratedWebhookData {
  lead_id: string;
  /** First and last name. */
  name: string | null;
  first_name: string;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  /** The channel the lead came from (`facebook`, `google`, `organic`, `referral`, …); null when not given. */
  source: string | null;
  /** The user of the company the lead is assigned to. */
  assigned_to: string | null;
  tags: string[];
  /** The dialer campaign that produced the lead; null for leads created through the API. */
  campaign_id: string | null;
  created_at: string;
}

export interface AppointmentScheduledWebhookData {
  appointment_id: string;
  lead_id: string;
  /** The agent or user it is booked with; null when unassigned. */
  agent_id: string | null;
  title: string;
  /** ISO 8601 instant the appointment starts. */
  scheduled_at: string;
  /** Whole minutes. */
  duration: number;
  status: string;
  created_at: string;
}
