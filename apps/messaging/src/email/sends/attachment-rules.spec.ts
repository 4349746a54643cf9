import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  decodedBase64Length,
  EMAIL_LIMITS,
  isMimeType,
  isSafeFilename,
  isStrictBase64,
  totalAttachmentBytes,
} from './attachment-rules';
import { SendEmailRequest } from './dto/send-email.request';

describe('attachment rules', () => {
  it.each(['quote.pdf', 'Résumé 2024.docx', '.hidden', 'a'.repeat(255)])('accepts the file name %s', (name) => {
    expect(isSafeFilename(name)).toBe(true);
  });

  it.each([
    '',
    '   ',
    '.',
    '..',
    '../etc/passwd',
    'dir/file.txt',
    'C:\\file.txt',
    'a\r\nBcc: x@y.z',
    'tab\there',
    'a'.repeat(256),
  ])('refuses the file name %j', (name) => {
    expect(isSafeFilename(name)).toBe(false);
  });

  it.each(['application/pdf', 'text/plain', 'image/svg+xml', 'application/vnd.ms-excel'])('accepts the media type %s', (type) => {
    expect(isMimeType(type)).toBe(true);
  });

  it.each(['pdf', 'text/', '/plain', 'text/plain; charset=utf-8', 'text/plain\r\nX: y', 'a/b/c', ''])(
    'refuses the media type %j',
    (type) => {
      expect(isMimeType(type)).toBe(false);
    },
  );

  it.each(['', 'aGk=', 'aGVsbG8=', 'aGVsbG8h', '+/+/'])('accepts the base64 %j', (value) => {
    expect(isStrictBase64(value)).toBe(true);
  });

  it.each(['aGk', 'aGk=\n', 'aGVs bG8=', 'aGk==', '=aGk', 'a-_b', 'aGVsbG8=aGk='])('refuses the base64 %j', (value) => {
    expect(isStrictBase64(value)).toBe(false);
  });

  it('computes the decoded size without decoding', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 1000]) {
      const encoded = Buffer.alloc(bytes, 7).toString('base64');
      expect(decodedBase64Length(encoded)).toBe(bytes);
    }
    expect(totalAttachmentBytes([{ content: 'aGk=' }, { content: 'aGVsbG8h' }, { content: 'not base64!' }, { content: 3 }])).toBe(
      8,
    );
  });
});

describe('SendEmailRequest validation', () => {
  const valid = {
    domain_id: '6f1c2a4e-8b7d-4c3e-9a1f-0d2e3f4a5b6c',
    to: 'lead@example.com',
    subject: 'Hi',
    text: 'Hello',
    request_key: 'k-1',
  };
  const problems = (body: Record<string, unknown>) =>
    validateSync(plainToInstance(SendEmailRequest, body), {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
    }).map((error) => error.property);
  const attachment = (content: string, filename = 'f.bin') => ({ filename, content_type: 'application/octet-stream', content });

  it('accepts a minimal and a full request', () => {
    expect(problems(valid)).toEqual([]);
    expect(problems({ ...valid, mailbox_id: null, attachments: [attachment('aGk=')] })).toEqual([]);
  });

  it('caps the attachments at 10 and their decoded total at 10 MB', () => {
    expect(problems({ ...valid, attachments: Array.from({ length: 11 }, () => attachment('')) })).toEqual(['attachments']);
    const half = Buffer.alloc(EMAIL_LIMITS.attachmentBytes / 2).toString('base64');
    expect(problems({ ...valid, attachments: [attachment(half), attachment(half)] })).toEqual([]);
    expect(problems({ ...valid, attachments: [attachment(half), attachment(half), attachment('aGk=')] })).toEqual([
      'attachments',
    ]);
  });

  it.each([
    ['a subject with CR/LF', { subject: 'Hi\r\nBcc: victim@example.com' }],
    ['a subject of 999 characters', { subject: 's'.repeat(999) }],
    ['two recipients', { to: 'a@example.com, b@example.com' }],
    ['a recipient with a display name', { to: 'Lead <lead@example.com>' }],
    ['an empty text', { text: '' }],
    ['a request_key of 256 characters', { request_key: 'k'.repeat(256) }],
    ['an attachment that is not an object', { attachments: ['aGk='] }],
    ['an attachment with an unknown field', { attachments: [{ ...attachment('aGk='), disposition: 'inline' }] }],
    ['an unknown field', { cc: 'x@example.com' }],
  ])('refuses %s', (_what, change) => {
    expect(problems({ ...valid, ...change }).length).toBeGreaterThan(0);
  });

  it('accepts a subject of exactly 998 characters', () => {
    expect(problems({ ...valid, subject: 's'.repeat(998) })).toEqual([]);
  });
});
