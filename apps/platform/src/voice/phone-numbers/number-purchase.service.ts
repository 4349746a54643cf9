import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { isUniqueViolation, CompanyScopedRepository, crossCompanyRepository } from '@suite/database';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { VOICE_PROVIDER, type VoiceProvider } from '../provider/voice-provider.port';
import { phoneNumberSnapshot } from './phone-number-events';
import { PhoneNumberEntity } from './phone-number.entity';
import { PurchaseTokenRejectedError, PurchaseTokens, type PurchaseOffer } from './purchase-tokens';
import { PurchaseTokenUseEntity } from './purchase-token-use.entity';
import { asApiError, NUMBER_NO_LONGER_AVAILABLE } from './voice-failures';

export const TOKEN_INVALID = 'This purchase token is not valid. Search again.';
export const TOKEN_EXPIRED = 'This purchase token has expired. Search again.';
export const TOKEN_USED = 'This purchase token has already been used.';

const HELD_INDEX = 'phone_numbers_held_uq';

/**
 * Purchase Phone Number: spends a purchase token on the number it names.
 *
 * Everything happens in ONE transaction, in this order: the token's nonce is inserted (the
 * primary key makes a second use fail; a concurrent use of the same token waits on the
 * uncommitted row, then fails), no company may hold the number, the provider is asked to buy it
 * with the nonce as its idempotency key, the number row and `phone_number.purchased` are written,
 * commit. Why the provider call sits inside the transaction: whatever fails — the provider (sold
 * since, outage) or the database after the provider sold — rolls the nonce back too, so the
 * caller may retry with the same token while it is valid, and the provider, asked again with the
 * same idempotency key, answers the purchase it already made instead of buying twice. Nothing is
 * leaked by a failure a retry repairs. The price is one pooled connection held for the provider
 * call, acceptable for an operation this rare.
 */
@Injectable()
export class NumberPurchaseService {
  private readonly logger = new Logger(NumberPurchaseService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: PurchaseTokens,
    private readonly outbox: Outbox,
  ) {}

  async purchase(companyId: string, token: string, changedBy: string | null): Promise<PhoneNumberEntity> {
    const offer = this.verified(companyId, token);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const uses = CompanyScopedRepository.of(manager, PurchaseTokenUseEntity, companyId);
        await uses.insert([uses.create({ nonce: offer.nonce })]);
        // Any company's live row, on purpose: a number is held by one company at a time.
        const held = await crossCompanyRepository(manager, PhoneNumberEntity).exists({
          where: { phoneNumber: offer.phoneNumber, releasedAt: IsNull() },
        });
        if (held) throw new AppError('conflict', NUMBER_NO_LONGER_AVAILABLE);
        const bought = await this.provider.purchaseNumber(offer.phoneNumber, offer.nonce).catch((error: unknown) => {
          throw asApiError(error);
        });
        const numbers = CompanyScopedRepository.of(manager, PhoneNumberEntity, companyId);
        const number = await numbers.save(
          numbers.create({
            phoneNumber: offer.phoneNumber,
            providerNumberId: bought.providerNumberId,
            provider: this.provider.name,
            friendlyName: bought.friendlyName.slice(0, 64),
            nickname: null,
            locality: bought.locality?.slice(0, 255) ?? null,
            areaCode: bought.areaCode.slice(0, 8),
            country: offer.country,
            numberType: offer.type,
            capabilities: bought.capabilities,
            releasedAt: null,
          }),
        );
        await this.outbox.append(
          manager,
          newEvent('phone_number.purchased', {
            companyId,
            subject: number.id,
            data: phoneNumberSnapshot(number, changedBy),
          }),
        );
        return number;
      });
    } catch (error) {
      if (isUniqueViolation(error, HELD_INDEX)) {
        // Another company's purchase of the same number committed between our check and our insert.
        this.logger.warn(
          { phone_number: offer.phoneNumber, company_id: companyId },
          'number bought by another company meanwhile',
        );
        throw new AppError('conflict', NUMBER_NO_LONGER_AVAILABLE);
      }
      // The only other unique key the transaction writes: the nonce's (a token spent already).
      if (isUniqueViolation(error)) throw new AppError('conflict', TOKEN_USED, { purchase_token: [TOKEN_USED] });
      throw error;
    }
  }

  /** The token's offer for this company now; every refusal is 422 on purchase_token, another company's token told apart from nothing. */
  private verified(companyId: string, token: string): PurchaseOffer {
    try {
      return this.tokens.verify(token, companyId, this.clock.now());
    } catch (error) {
      if (!(error instanceof PurchaseTokenRejectedError)) throw error;
      const message = error.problem === 'expired' ? TOKEN_EXPIRED : TOKEN_INVALID;
      throw new AppError('unprocessable', message, { purchase_token: [message] });
    }
  }
}
