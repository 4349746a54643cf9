import { crossCompanyRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import {
  VOICE_PROVIDER,
  type AvailableNumberOffer,
  type NumberSearch,
  type VoiceProvider,
} from '../provider/voice-provider.port';
import { PhoneNumberEntity } from './phone-number.entity';
import { PurchaseTokens } from './purchase-tokens';
import { asApiError } from './voice-failures';

/** At most this many numbers a search answers. */
export const SEARCH_LIMIT = 20;

export const MOBILE_NOT_IN_NORTH_AMERICA =
  'Mobile numbers are not available in the US and Canada. Search local or toll-free numbers.';

export interface FoundNumber {
  offer: AvailableNumberOffer;
  purchaseToken: string;
}

/**
 * Search Available Numbers: the provider's offers, without the numbers some company holds now,
 * each with a purchase token signed for the searching company.
 */
@Injectable()
export class NumberSearchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: PurchaseTokens,
  ) {}

  async search(companyId: string, search: Omit<NumberSearch, 'limit'>): Promise<FoundNumber[]> {
    if (search.type === 'mobile' && (search.country === 'US' || search.country === 'CA')) {
      throw new AppError('unprocessable', MOBILE_NOT_IN_NORTH_AMERICA, { phone_type: [MOBILE_NOT_IN_NORTH_AMERICA] });
    }
    const offers = await this.provider.searchNumbers({ ...search, limit: SEARCH_LIMIT }).catch((error: unknown) => {
      throw asApiError(error);
    });
    const held = await this.heldAmong(offers.map((offer) => offer.phoneNumber));
    const now = this.clock.now();
    return offers
      .filter((offer) => !held.has(offer.phoneNumber))
      .map((offer) => ({
        offer,
        purchaseToken: this.tokens.sign(
          { companyId, phoneNumber: offer.phoneNumber, country: search.country, type: search.type },
          now,
        ),
      }));
  }

  /**
   * Which of `numbers` a company holds now — any company, on purpose: a number is held by one
   * company at a time (phone_numbers_held_uq), so one bought by another company is not for sale
   * here either, even if the provider still lists it. Only the numbers themselves are read.
   */
  private async heldAmong(numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = await crossCompanyRepository(this.dataSource, PhoneNumberEntity).find({
      select: { phoneNumber: true },
      where: { phoneNumber: In(numbers), releasedAt: IsNull() },
    });
    return new Set(rows.map((row) => row.phoneNumber));
  }
}
