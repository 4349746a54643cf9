import { AppError } from '@suite/http';
import { contactKey } from '../contacts/contact-key';
import type { ContactForSend } from '../contacts/contacts.service';
import { poolNumberFor } from '../sender-numbers/pin-decision';
import { planSendBatch, type QueuedSend } from './send-batch-plan';

const COMPANY = '7';
const POOL = ['+14155550100', '+14155550101'];
const NOW = new Date('2026-11-23T12:00:00Z');

const send = (to: string, extra: Partial<QueuedSend['input']> = {}, companyId = COMPANY): QueuedSend => ({
  companyId,
  input: { to, body: `hello ${to}`, firstName: null, attachments: [], effect: null, sender: 'human', ...extra },
  traceparent: `00-${'0'.repeat(21)}${to.slice(1)}-00f067aa0ba902b7-01`,
});

const contact = (phone: string, state: Partial<ContactForSend> = {}, companyId = COMPANY): ContactForSend => ({
  companyId,
  phone,
  optedOut: false,
  pinnedFromNumber: null,
  pinnedNumberActive: false,
  activeNumbers: POOL,
  created: false,
  ...state,
});

const locked = (...contacts: ContactForSend[]) => new Map(contacts.map((c) => [contactKey(c.companyId, c.phone), c]));

function ids(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

describe('planSendBatch', () => {
  it('queues one message per send, in order, each pinned to its contact’s number', () => {
    const pinned = contact('+14155551000', { pinnedFromNumber: POOL[1]!, pinnedNumberActive: true, activeNumbers: [] });
    const plan = planSendBatch([send('+14155551000'), send('+14155551000', { body: 'again' })], locked(pinned), NOW, ids());
    expect(plan.messages.map((m) => [m.id, m.fromNumber, m.body, m.status, m.createdAt])).toEqual([
      ['id-1', POOL[1], 'hello +14155551000', 'queued', NOW],
      ['id-2', POOL[1], 'again', 'queued', NOW],
    ]);
    expect(plan.outcomes).toEqual(plan.messages.map((value) => ({ ok: true, value })));
    expect(plan.pins).toEqual([]);
    expect(plan.unusedNewContacts).toEqual([]);
  });

  it('pins a new conversation once, by its first send; later sends of the batch keep that pin', () => {
    const fresh = contact('+14155552000', { created: true });
    const plan = planSendBatch([send('+14155552000'), send('+14155552000')], locked(fresh), NOW, ids());
    const number = poolNumberFor('+14155552000', POOL);
    expect(plan.pins).toEqual([
      { contact: { companyId: COMPANY, phone: '+14155552000', pinnedFromNumber: null }, number, reason: 'first_message' },
    ]);
    expect(plan.messages.map((m) => m.fromNumber)).toEqual([number, number]);
  });

  it('re-pins a conversation whose number left the pool and records the previous number', () => {
    const moved = contact('+14155553000', { pinnedFromNumber: '+14155550199', pinnedNumberActive: false });
    const plan = planSendBatch([send('+14155553000')], locked(moved), NOW, ids());
    expect(plan.pins).toEqual([
      {
        contact: { companyId: COMPANY, phone: '+14155553000', pinnedFromNumber: '+14155550199' },
        number: poolNumberFor('+14155553000', POOL),
        reason: 'number_removed',
      },
    ]);
  });

  it('refuses only the sends to an opted-out contact (403), the rest of the batch is queued', () => {
    const out = contact('+14155554000', { optedOut: true, pinnedFromNumber: POOL[0]!, pinnedNumberActive: true });
    const ok = contact('+14155554001', { pinnedFromNumber: POOL[0]!, pinnedNumberActive: true });
    const plan = planSendBatch([send('+14155554000'), send('+14155554001')], locked(out, ok), NOW, ids());
    const refusal = plan.outcomes[0]!;
    expect(refusal.ok).toBe(false);
    expect(!refusal.ok && refusal.error).toBeInstanceOf(AppError);
    expect(!refusal.ok && (refusal.error as AppError).kind).toBe('forbidden');
    expect(!refusal.ok && (refusal.error as AppError).message).toMatch(/\+14155554000 has opted out.*START/);
    expect(plan.outcomes[1]).toEqual({ ok: true, value: plan.messages[0] });
    expect(plan.messages.map((m) => m.contactPhone)).toEqual(['+14155554001']);
    // Each queued message keeps its own send's trace, refused sends drop out with their message.
    expect(plan.traceparents).toEqual([send('+14155554001').traceparent]);
  });

  it('refuses with 409 when the workspace has no active number and removes the contacts it created for nothing', () => {
    const other = '8';
    const created = contact('+14155555000', { created: true, activeNumbers: [] }, other);
    const existing = contact('+14155555001', { activeNumbers: [] }, other);
    const fine = contact('+14155555002', { created: true });
    const plan = planSendBatch(
      [send('+14155555000', {}, other), send('+14155555001', {}, other), send('+14155555002')],
      locked(created, existing, fine),
      NOW,
      ids(),
    );
    expect(plan.outcomes.map((o) => (o.ok ? 'queued' : (o.error as AppError).kind))).toEqual(['conflict', 'conflict', 'queued']);
    expect(plan.unusedNewContacts).toEqual([created]);
    expect(plan.pins.map((p) => p.contact.phone)).toEqual(['+14155555002']);
  });

  it('keeps workspaces apart: one phone in two workspaces is two contacts', () => {
    const mine = contact('+14155556000', { pinnedFromNumber: POOL[0]!, pinnedNumberActive: true });
    const theirs = contact('+14155556000', { optedOut: true }, '9');
    const plan = planSendBatch([send('+14155556000', {}, '9'), send('+14155556000')], locked(mine, theirs), NOW, ids());
    expect(plan.outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(plan.messages[0]!.companyId).toBe(COMPANY);
  });

  it('refuses to plan a send whose contact was not locked', () => {
    expect(() => planSendBatch([send('+14155557000')], locked(), NOW, ids())).toThrow(/was not locked/);
  });
});
