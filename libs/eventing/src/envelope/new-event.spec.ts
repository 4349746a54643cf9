import { EVENT_TOPICS, EVENT_VERSIONS } from '@suite/contracts';
import { runWithTraceContext } from '@suite/observability';
import { decodeEnvelope, encodeEnvelope } from './envelope-codec';
import { newEvent } from './new-event';

const data = { id: 'c1', name: 'Acme', parent_company_id: null };

describe('newEvent', () => {
  it('takes topic and version from the contracts catalog and fills id and occurred_at', () => {
    const before = Date.now();
    const event = newEvent('company.created', { companyId: 'c1', subject: 'c1', data });

    expect(event.topic).toBe(EVENT_TOPICS['company.created']);
    expect(event.envelope).toMatchObject({
      type: 'company.created',
      version: EVENT_VERSIONS['company.created'],
      company_id: 'c1',
      subject: 'c1',
      data,
      traceparent: null,
    });
    expect(event.envelope.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(event.envelope.occurred_at)).toBeGreaterThanOrEqual(before);
    expect(decodeEnvelope(encodeEnvelope(event.envelope)).ok).toBe(true);
  });

  it('gives every event its own id', () => {
    const a = newEvent('company.created', { companyId: null, subject: 'c1', data });
    const b = newEvent('company.created', { companyId: null, subject: 'c1', data });
    expect(a.envelope.id).not.toBe(b.envelope.id);
  });

  it('carries the current trace', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const event = runWithTraceContext({ traceparent }, () =>
      newEvent('company.created', { companyId: null, subject: 'c1', data }),
    );
    expect(event.envelope.traceparent).toBe(traceparent);
  });

  it('refuses an empty subject (it is the partition key)', () => {
    expect(() => newEvent('company.created', { companyId: null, subject: '', data })).toThrow(/subject/);
  });
});
