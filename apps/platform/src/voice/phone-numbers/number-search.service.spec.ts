import type { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { NumberUnavailableError, VoiceProviderUnavailableError } from '../provider/voice-errors';
import type { VoiceProvider } from '../provider/voice-provider.port';
import { MOBILE_NOT_IN_NORTH_AMERICA, NumberSearchService } from './number-search.service';
import { PurchaseTokens } from './purchase-tokens';
import { asApiError, NUMBER_NO_LONGER_AVAILABLE } from './voice-failures';

/** The refusals the search answers before it reads the database (which these cases never reach). */
describe('NumberSearchService', () => {
  const clock = { now: () => new Date('2030-01-01T12:00:00Z') };
  const noDatabase = {} as DataSource;
  const serviceWith = (provider: Partial<VoiceProvider>) =>
    new NumberSearchService(noDatabase, provider as VoiceProvider, clock, new PurchaseTokens('k'.repeat(40)));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('refuses mobile in the US and Canada with 422 on phone_type, without asking the provider', async () => {
    const searchNumbers = jest.fn();
    for (const country of ['US', 'CA']) {
      const error = await failure(
        serviceWith({ searchNumbers }).search('1', { country, type: 'mobile', searchBy: 'AreaCode', value: null }),
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 422,
        message: MOBILE_NOT_IN_NORTH_AMERICA,
        fields: { phone_type: [MOBILE_NOT_IN_NORTH_AMERICA] },
      });
    }
    expect(searchNumbers).not.toHaveBeenCalled();
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const searchNumbers = jest.fn().mockRejectedValue(new VoiceProviderUnavailableError('timeout'));
    const error = await failure(
      serviceWith({ searchNumbers }).search('1', { country: 'US', type: 'local', searchBy: 'AreaCode', value: '212' }),
    );
    expect(error).toMatchObject({ status: 503, kind: 'unavailable' });
  });

  it('maps a number sold since the search to 409, and leaves other errors alone', () => {
    expect(asApiError(new NumberUnavailableError('+12125550113'))).toMatchObject({
      status: 409,
      message: NUMBER_NO_LONGER_AVAILABLE,
    });
    const bug = new TypeError('bug');
    expect(asApiError(bug)).toBe(bug);
  });
});
