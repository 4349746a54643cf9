import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MESSAGE_EFFECTS } from '@suite/contracts';
import { ConversationQuery } from './conversation.query';
import { ListMessagesQuery } from './list-messages.query';
import { SendMessageRequest } from './send-message.request';

const problems = <T extends object>(type: new () => T, plain: object): string[] =>
  validateSync(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true }).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );

const valid = { to: '+14155550123', message: 'hi' };

describe('SendMessageRequest', () => {
  it('accepts the minimal and the full request, normalising to', () => {
    const request = plainToInstance(SendMessageRequest, { ...valid, to: '415-555-0123' });
    expect(validateSync(request)).toEqual([]);
    expect(request.to).toBe('+14155550123');
    expect(
      problems(SendMessageRequest, {
        ...valid,
        first_name: 'x'.repeat(100),
        attachments: Array(10).fill('https://e.com/a.png'),
        effect: 'slam',
      }),
    ).toEqual([]);
  });

  it.each(MESSAGE_EFFECTS)('accepts effect %s', (effect) => {
    expect(problems(SendMessageRequest, { ...valid, effect })).toEqual([]);
  });

  it.each([
    [{ ...valid, to: 'abc' }, 'to must be a valid phone number'],
    [{ ...valid, message: undefined }, 'message is required'],
    [{ ...valid, message: ' \n ' }, 'message must not be empty'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'message must be at most 2000 characters (it has 2001)'],
    [{ ...valid, attachments: Array(11).fill('https://e.com/a.png') }, 'attachments may hold at most 10 URLs'],
    [{ ...valid, attachments: ['ftp://e.com/a.png'] }, 'each attachment must be an https URL'],
    [{ ...valid, attachments: ['https://'] }, 'each attachment must be an https URL'],
    [{ ...valid, attachments: [42] }, 'each attachment must be an https URL'],
    [{ ...valid, effect: 'Slam' }, 'effect must be one of'],
    [{ ...valid, first_name: 'x'.repeat(101) }, 'first_name must be shorter than or equal to 100 characters'],
  ])('refuses %j', (plain, expected) => {
    expect(problems(SendMessageRequest, plain).join(' | ')).toContain(expected);
  });
});

describe('limit parameters', () => {
  it.each([
    [ListMessagesQuery, { limit: '200' }, true],
    [ListMessagesQuery, { limit: '201' }, false],
    [ListMessagesQuery, { limit: '0' }, false],
    [ListMessagesQuery, { limit: '2.5' }, false],
    [ListMessagesQuery, { limit: 'x' }, false],
    [ConversationQuery, { limit: '500' }, true],
    [ConversationQuery, { limit: '501' }, false],
    [ListMessagesQuery, { status: 'queued' }, true],
    [ListMessagesQuery, { status: 'sending' }, false],
  ] as const)('%p %j valid: %s', (type, plain, ok) => {
    expect(problems(type as new () => object, plain).length === 0).toBe(ok);
  });
});
