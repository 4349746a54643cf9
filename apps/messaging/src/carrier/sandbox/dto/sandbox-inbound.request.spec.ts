import { AppError, createValidationPipe } from '@suite/http';
import { SandboxInboundRequest } from './sandbox-inbound.request';

/** The app's global validation pipe on a body; the value or the refusal's fields. */
async function validate(value: unknown) {
  try {
    return {
      value: await createValidationPipe().transform(value, { type: 'body', metatype: SandboxInboundRequest }),
      fields: null,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { value: null, fields: error.fields };
  }
}

describe('SandboxInboundRequest', () => {
  const valid = { from: '+12125550100', to: '3105550199', body: 'STOP' };

  it('accepts E.164 (any country, like POST /v1/messages) and 10-digit US phones, normalised, and a 1..2000 character body', async () => {
    await expect(validate(valid)).resolves.toMatchObject({ fields: null, value: { ...valid, to: '+13105550199' } });
    await expect(validate({ ...valid, from: '+81312345670' })).resolves.toMatchObject({
      fields: null,
      value: { from: '+81312345670' },
    });
    await expect(validate({ ...valid, body: 'x'.repeat(2000) })).resolves.toMatchObject({ fields: null });
  });

  it.each([
    ['from', { ...valid, from: 'not a phone' }, /from must be a valid phone number/],
    ['to', { ...valid, to: '12345' }, /to must be a valid phone number/],
    ['to', { ...valid, to: undefined }, /^to is required$/],
    ['body', { ...valid, body: '' }, /body must be 1 to 2000 characters/],
    ['body', { ...valid, body: 'x'.repeat(2001) }, /body must be 1 to 2000 characters/],
    ['body', { ...valid, body: 42 }, /body must be a string/],
    ['carrier', { ...valid, carrier: 'twilio' }, /should not exist/],
  ])('refuses a bad %s', async (field, body, message) => {
    const { fields } = await validate(body);
    expect(fields?.[field]?.join(' ')).toMatch(message);
  });
});
