import { WEBHOOK_EVENT_KINDS } from './webhook-event-kinds';
import { fieldsNoKindHas, WEBHOOK_KIND_FIELDS } from './webhook-kind-fields';

describe('webhook kind fields', () => {
  it('list each kind’s data keys, each once', () => {
    for (const kind of WEBHOOK_EVENT_KINDS) {
      expect(WEBHOOK_KIND_FIELDS[kind].length).toBeGreaterThan(0);
      expect(new Set(WEBHOOK_KIND_FIELDS[kind]).size).toBe(WEBHOOK_KIND_FIELDS[kind].length);
    }
    expect(WEBHOOK_KIND_FIELDS['agent.status_changed']).toEqual([...WEBHOOK_KIND_FIELDS['agent.created'], 'previous_status']);
    expect(WEBHOOK_KIND_FIELDS['lead.generated']).toContain('email');
  });

  it('name the fields none of the subscribed kinds has, each once, in the order given', () => {
    expect(fieldsNoKindHas(['email', 'contact_phone'], ['lead.generated', 'sms.sent'])).toEqual([]);
    expect(fieldsNoKindHas(['email', 'bogus', 'call_id', 'bogus'], ['sms.sent', 'lead.generated'])).toEqual(['bogus', 'call_id']);
    // Envelope keys and object-prototype names are no field of any kind.
    expect(fieldsNoKindHas(['event', 'metadata', '__proto__', 'constructor', 'Email'], ['lead.generated'])).toEqual([
      'event',
      'metadata',
      '__proto__',
      'constructor',
      'Email',
    ]);
  });
});
