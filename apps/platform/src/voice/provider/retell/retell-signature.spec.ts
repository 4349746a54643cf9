import { Retell } from 'retell-sdk';
import { VoiceCallbackRejectedError } from '../voice-errors';
import { RETELL_SIGNATURE_HEADER, verifyRetellSignature } from './retell-signature';

/** Our verifier against retell-sdk's own Retell.sign / Retell.verify: the two must agree. */
const KEY = 'key_0123456789abcdef0123456789abcdef';
const body = Buffer.from(JSON.stringify({ event: 'call_started', call: { call_id: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6' } }));

const reason = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof VoiceCallbackRejectedError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('verifyRetellSignature', () => {
  it('accepts what Retell.sign signs, which Retell.verify accepts too', async () => {
    const signature = await Retell.sign(body.toString(), KEY);
    await expect(Retell.verify(body.toString(), KEY, signature)).resolves.toBe(true);
    expect(reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: signature }, body, new Date()))).toBe('accepted');
  });

  it('refuses what Retell.verify refuses: another key, another body', async () => {
    const signature = await Retell.sign(body.toString(), KEY);
    await expect(Retell.verify(body.toString(), `${KEY}x`, signature)).resolves.toBe(false);
    expect(reason(() => verifyRetellSignature(`${KEY}x`, { [RETELL_SIGNATURE_HEADER]: signature }, body, new Date()))).toBe(
      'bad_signature',
    );
    const tampered = Buffer.from(body.toString().replace('call_started', 'call_ended'));
    await expect(Retell.verify(tampered.toString(), KEY, signature)).resolves.toBe(false);
    expect(reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: signature }, tampered, new Date()))).toBe(
      'bad_signature',
    );
  });

  it('refuses a signature more than 5 minutes from the clock, as Retell.verify does', async () => {
    const signature = await Retell.sign(body.toString(), KEY);
    const later = new Date(Date.now() + 5 * 60_000 + 5_000);
    expect(reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: signature }, body, later))).toBe('stale');
    const withinWindow = new Date(Date.now() + 4 * 60_000);
    expect(reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: signature }, body, withinWindow))).toBe(
      'accepted',
    );
  });

  it('tells a missing header from a malformed one', () => {
    expect(reason(() => verifyRetellSignature(KEY, {}, body, new Date()))).toBe('missing_signature');
    expect(reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: 'sha256=abc' }, body, new Date()))).toBe(
      'malformed_signature',
    );
    expect(
      reason(() => verifyRetellSignature(KEY, { [RETELL_SIGNATURE_HEADER]: `v=${Date.now()},d=zz` }, body, new Date())),
    ).toBe('malformed_signature');
  });
});
