import { createHmac } from 'node:crypto';
import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { eventually } from '@suite/testing';
import type { ReceivedRequest, TestReceiver } from '@suite/webhook-dispatch-app/testing';
import { startPlatformWebhooks, type PlatformWebhooks } from './support/platform-webhooks';

/**
 * The CRM's webhooks end to end: the platform and webhook-dispatch on one Kafka topic prefix (each
 * on its own PostgreSQL database), webhook-dispatch learning the company and its user from the
 * platform's own `company.created` / `user.created`, and a webhook subscribed to `lead.generated`
 * and `appointment.scheduled`. A contact created through POST /api/contacts reaches the receiver as
 * one signed `lead.generated`; an appointment booked through POST /api/appointments as one signed
 * `appointment.scheduled`.
 */
let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let receiver: TestReceiver;
let admin: TestUser;
let webhook: { id: string; secret: string };

const PATH = '/crm';

beforeAll(async () => {
  harness = await startPlatformWebhooks({
    name: 'crm_webhooks',
    companyName: 'Hopper Roofing',
    permissions: ['edit-contacts', 'edit-appointments'],
    kinds: ['lead.generated', 'appointment.scheduled'],
    path: PATH,
  });
  ({ platform, receiver, admin, webhook } = harness);
}, 180_000);

afterAll(() => harness?.stop());

/** The receiver's POSTs of one event kind, once `count` have arrived (and a moment for any extra one). */
async function hitsOfKind(kind: string, count = 1): Promise<ReceivedRequest[]> {
  const ofKind = () => receiver.hitsOf(PATH).filter((hit) => (JSON.parse(hit.body) as { event: string }).event === kind);
  await eventually(
    async () => ofKind().length,
    (n) => n >= count,
    { timeoutMs: 60_000, what: `${kind} to reach the receiver` },
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return ofKind();
}

const SIGNED_METADATA = { version: '1.0', signature: expect.stringMatching(/^sha256=[0-9a-f]{64}$/) };

/**
 * Every signature the request carries verifies with the webhook's secret, as docs/webhooks.md tells
 * a receiver: x-webhook-signature, Standard Webhooks' headers, and the body's metadata.signature
 * (over the body serialized with `metadata: { version }` only).
 */
async function expectSigned(hit: ReceivedRequest): Promise<void> {
  const { metadata, ...envelope } = JSON.parse(hit.body) as { metadata: { version: string; signature: string } };
  const unsigned = JSON.stringify({ ...envelope, metadata: { version: metadata.version } });
  expect(metadata.signature).toBe(`sha256=${createHmac('sha256', webhook.secret).update(unsigned, 'utf8').digest('hex')}`);
  expect(await verify(webhook.secret, hit.body, hit.headers['x-webhook-signature'] as string)).toBe(true);
  const headers = {
    'webhook-id': hit.headers['webhook-id'] as string,
    'webhook-timestamp': hit.headers['webhook-timestamp'] as string,
    'webhook-signature': hit.headers['webhook-signature'] as string,
  };
  expect(() => new Webhook(webhook.secret).verify(hit.body, headers)).not.toThrow();
}

it('delivers one signed lead.generated for a contact created with POST /api/contacts', async () => {
  const response = await platform
    .request('post', '/api/contacts', await admin.token())
    .send({ first_name: 'Grace', last_name: 'Hopper', phone: '+14155550123', email: 'grace@example.com', source: 'facebook' })
    .expect(201);
  const leadId = Buffer.from(response.body.data.id as string, 'base64').toString();
  expect(leadId).toMatch(/^[0-9]+$/);

  const [hit, ...more] = await hitsOfKind('lead.generated');
  expect(more).toEqual([]);
  expect(JSON.parse(hit!.body)).toEqual({
    event: 'lead.generated',
    timestamp: expect.any(String),
    webhook_id: webhook.id,
    data: {
      lead_id: leadId,
      name: 'Grace Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+14155550123',
      email: 'grace@example.com',
      source: 'facebook',
      assigned_to: null,
      tags: [],
      campaign_id: null,
      created_at: response.body.data.created_at,
    },
    metadata: SIGNED_METADATA,
  });
  await expectSigned(hit!);
}, 90_000);

it('delivers one signed appointment.scheduled for an appointment booked through POST /api/appointments', async () => {
  const contact = await platform.contact(admin.companyId, { lastName: 'Lovelace' });
  const startsAt = '2026-12-01T15:00:00.000Z';
  const booked = await platform
    .request('post', '/api/appointments', await admin.token())
    .send({
      contact_id: Number(contact.id),
      title: 'Roof inspection',
      starts_at: startsAt,
      ends_at: '2026-12-01T15:45:00Z',
      assigned_to: Number(admin.id),
    })
    .expect(201);
  const appointmentId = Buffer.from(booked.body.data.id as string, 'base64').toString();
  const bookedAt = booked.body.data.booked_at as string;

  const [hit, ...more] = await hitsOfKind('appointment.scheduled');
  expect(more).toEqual([]);
  expect(JSON.parse(hit!.body)).toEqual({
    event: 'appointment.scheduled',
    timestamp: expect.any(String),
    webhook_id: webhook.id,
    data: {
      appointment_id: appointmentId,
      lead_id: contact.id,
      agent_id: admin.id,
      title: 'Roof inspection',
      scheduled_at: startsAt,
      duration: 45,
      status: 'scheduled',
      created_at: bookedAt,
    },
    metadata: SIGNED_METADATA,
  });
  await expectSigned(hit!);
  // The contact made through the service was a lead too: one lead.generated of its own.
  const leads = await hitsOfKind('lead.generated');
  const ofContact = leads.filter((lead) => (JSON.parse(lead.body) as { data: { lead_id: string } }).data.lead_id === contact.id);
  expect(ofContact).toHaveLength(1);
}, 90_000);
