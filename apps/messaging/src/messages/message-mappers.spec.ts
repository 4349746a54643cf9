import { messageEventSchema, validatePayload } from '@suite/contracts';
import { mapListedMessage, mapMessage, mapSendResult } from './dto/message.response';
import { messageEventData, messageEventType } from './message-event-data';
import type { MessageEntity } from './message.entity';

const created = new Date('2030-01-02T03:04:05.000Z');
const row = (overrides: Partial<MessageEntity> = {}): MessageEntity =>
  ({
    id: '5f0c6a43-8a3c-4f55-b1c2-0d9c8f1b2a11',
    companyId: '12',
    direction: 'outbound',
    channel: null,
    body: 'Hello',
    status: 'queued',
    fromNumber: '+14155550101',
    contactPhone: '+12125550123',
    sender: 'human',
    attachments: ['https://e.com/a.png'],
    effect: 'slam',
    releaseAfter: created,
    claimedAt: null,
    handedOverAt: null,
    carrierMessageId: null,
    carrierTs: null,
    failureReason: null,
    sentAt: null,
    deliveredAt: null,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  }) as MessageEntity;

describe('message mappers', () => {
  it('maps an outbound message: from the workspace number to the contact, `sending` shown as queued', () => {
    expect(mapMessage(row({ status: 'sending' }))).toEqual({
      id: '5f0c6a43-8a3c-4f55-b1c2-0d9c8f1b2a11',
      direction: 'outbound',
      channel: null,
      body: 'Hello',
      status: 'queued',
      from_number: '+14155550101',
      to: '+12125550123',
      sender: 'human',
      attachments: ['https://e.com/a.png'],
      effect: 'slam',
      sent_at: null,
      created_at: '2030-01-02T03:04:05.000Z',
    });
    expect(mapSendResult(row())).toEqual({ id: '5f0c6a43-8a3c-4f55-b1c2-0d9c8f1b2a11', status: 'queued', to: '+12125550123' });
  });

  it('maps an inbound message the other way round; ts is the carrier time when known', () => {
    const carrierTs = new Date('2030-01-02T03:04:06.500Z');
    expect(mapListedMessage(row({ direction: 'inbound', status: 'received', sender: null, carrierTs }))).toMatchObject({
      from_number: '+12125550123',
      to: '+14155550101',
      status: 'received',
      sender: null,
      ts: '2030-01-02T03:04:06.500Z',
      contact_phone: '+12125550123',
    });
    expect(mapListedMessage(row()).ts).toBe('2030-01-02T03:04:05.000Z');
  });

  it('builds schema-valid event payloads; reason only where it explains the status', () => {
    const queued = messageEventData(row());
    expect(validatePayload(messageEventSchema, queued)).toEqual([]);
    expect(queued.reason).toBeNull();
    const cancelled = messageEventData(row({ status: 'cancelled', failureReason: 'cancelled_by_customer' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'cancelled_by_customer' });
    expect(validatePayload(messageEventSchema, cancelled)).toEqual([]);
    const sent = messageEventData(row({ status: 'sent', channel: 'imessage', sentAt: created, carrierTs: created }));
    expect(validatePayload(messageEventSchema, sent)).toEqual([]);
    expect(sent).toMatchObject({ channel: 'imessage', sent_at: '2030-01-02T03:04:05.000Z' });
  });

  it('names the event of each status; none for the internal sending', () => {
    expect(messageEventType('queued')).toBe('message.queued');
    expect(messageEventType('sending')).toBeNull();
    expect(messageEventType('no_channel')).toBe('message.no_channel');
    expect(messageEventType('received')).toBe('message.received');
  });
});
