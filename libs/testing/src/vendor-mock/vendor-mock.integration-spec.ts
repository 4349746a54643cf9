import { VendorMock } from './vendor-mock';

/**
 * The harness itself: Prism on each published description is live — a request the provider would
 * refuse is refused — and the two corrections of vendor-apis/SOURCES.md do what they say.
 */
const ACCOUNT = 'AC' + 'a'.repeat(32);
const basic = (sid: string, token: string): string => 'Basic ' + Buffer.from(`${sid}:${token}`).toString('base64');

describe('VendorMock on the published descriptions', () => {
  describe('Twilio API 2010', () => {
    let twilio: VendorMock;
    beforeAll(async () => {
      twilio = await VendorMock.start('twilio_api_v2010');
    });
    afterAll(() => twilio.stop());
    const messages = `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`;
    const post = (form: URLSearchParams, auth = basic(ACCOUNT, 'token')): Promise<Response> =>
      fetch(twilio.url + messages, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });

    it('accepts a described request and answers with the described resource', async () => {
      const answer = await post(new URLSearchParams({ To: '+12125550100', From: '+13105550199', Body: 'hi' }));
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ sid: expect.stringMatching(/^(SM|MM)[0-9a-f]{32}$/) });
      expect(twilio.requestsTo(messages, 'POST').at(-1)).toMatchObject({ refusedByDescription: false, prismStatus: 201 });
    });

    it('refuses a request missing the required To (validation is live)', async () => {
      const answer = await post(new URLSearchParams({ From: '+13105550199', Body: 'hi' }));
      expect(answer.status).toBe(422);
      expect(twilio.requests.at(-1)?.refusedByDescription).toBe(true);
    });

    it('refuses a request without the described credentials', async () => {
      const answer = await fetch(twilio.url + messages, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: '+12125550100', Body: 'hi' }).toString(),
      });
      expect(answer.status).toBe(401);
    });

    it('keeps repeated form keys (MediaUrl × 3) valid: the encoding correction is applied', async () => {
      const form = new URLSearchParams({ To: '+12125550100', From: '+13105550199' });
      for (const n of [1, 2, 3]) form.append('MediaUrl', `https://example.com/${n}.png`);
      const answer = await post(form);
      expect(answer.status).toBe(201);
      expect(twilio.requests.at(-1)?.form().getAll('MediaUrl')).toHaveLength(3);
    });

    it('lets a stub answer an accepted request, after Prism validated it', async () => {
      twilio.setStub((request) =>
        request.form().get('To') === '+12125550111'
          ? { status: 400, body: { code: 21211, message: 'Invalid To', status: 400 } }
          : undefined,
      );
      try {
        const stubbed = await post(new URLSearchParams({ To: '+12125550111', Body: 'x' }));
        expect(stubbed.status).toBe(400);
        expect(await stubbed.json()).toEqual({ code: 21211, message: 'Invalid To', status: 400 });
        // A malformed request is still refused by the description, whatever the stub would say.
        const malformed = await post(new URLSearchParams({ Body: 'x', Attempt: 'not a number' }));
        expect(malformed.status).toBe(422);
      } finally {
        twilio.setStub(undefined);
      }
    });
  });

  describe('Twilio Lookup v2', () => {
    let lookups: VendorMock;
    beforeAll(async () => {
      lookups = await VendorMock.start('twilio_lookups_v2');
    });
    afterAll(() => lookups.stop());

    it('answers a line type intelligence lookup', async () => {
      const answer = await fetch(`${lookups.url}/v2/PhoneNumbers/%2B12125550100?Fields=line_type_intelligence`, {
        headers: { authorization: basic(ACCOUNT, 'token') },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toHaveProperty('phone_number');
    });
  });

  describe('Retell', () => {
    let retell: VendorMock;
    beforeAll(async () => {
      retell = await VendorMock.start('retell_openapi');
    });
    afterAll(() => retell.stop());
    const createCall = (body: unknown): Promise<Response> =>
      fetch(`${retell.url}/v2/create-phone-call`, {
        method: 'POST',
        headers: { authorization: 'Bearer key_test', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('accepts a described call', async () => {
      const answer = await createCall({ from_number: '+14157774444', to_number: '+12137774445' });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toHaveProperty('call_id');
    });

    it('refuses a call missing to_number (the nullable-enum correction keeps validation on)', async () => {
      const answer = await createCall({ from_number: '+14157774444' });
      expect(answer.status).toBe(422);
    });

    it('never hands a refused request to the stub, though Retell documents the 422 Prism then answers with (sl-violations)', async () => {
      retell.setStub(() => ({ status: 201, body: { call_id: 'from the stub' } }));
      try {
        const answer = await createCall({ from_number: '+14157774444' });
        expect(answer.status).toBe(422);
        expect(retell.requests.at(-1)).toMatchObject({ refusedByDescription: true, prismStatus: 422 });
        expect((await createCall({ from_number: '+14157774444', to_number: '+12137774445' })).status).toBe(201);
        expect(retell.requests.at(-1)?.refusedByDescription).toBe(false);
      } finally {
        retell.setStub(undefined);
      }
    });
  });
});
