/**
 * `data` of `lead.generated` and `appointment.scheduled`. Wired when the CRM issue publishes the
 * source events (the platform's contacts, `crm_contact.*`, decision 0025); until then no webhook
 * of these kinds is ever sent (subscribing is allowed).
 */
export interface LeadGeneratedWebhookData {
  lead_id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  /** Where the lead came from, e.g. `call`, `sms`, `form`, `import`. */
  source: string;
  campaign_id: string | null;
  created_at: string;
}

export interface AppointmentScheduledWebhookData {
  appointment_id: string;
  lead_id: string;
  /** The agent or user it is booked with; null when unassigned. */
  agent_id: string | null;
  /** ISO 8601 instant the appointment starts. */
  scheduled_at: string;
  /** Whole minutes. */
  duration: number;
  status: string;
  created_at: string;
}
