import { Logger } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PHONE_NUMBER_TYPES, type PhoneNumberType } from './phone-number.entity';

/** How long a search result can be bought: long enough to choose, short enough that the inventory is still true. */
export const PURCHASE_TOKEN_TTL_MS = 10 * 60 * 1000;

/** What a purchase token promises: this company may buy this number until `expiresAt`, once (the nonce). */
export interface PurchaseOffer {
  companyId: string;
  /** E.164. */
  phoneNumber: string;
  /** ISO 3166-1 alpha-2, as searched. */
  country: string;
  type: PhoneNumberType;
  expiresAt: Date;
  /** 32 hex digits: the single-use key (phone_number_purchase_token_uses) and the provider's idempotency key. */
  nonce: string;
}

export type PurchaseTokenProblem = 'malformed' | 'other_company' | 'expired';

export class PurchaseTokenRejectedError extends Error {
  constructor(readonly problem: PurchaseTokenProblem) {
    super(`purchase token rejected: ${problem}`);
    this.name = 'PurchaseTokenRejectedError';
  }
}

interface SignedPayload {
  v: 1;
  c: string;
  p: string;
  k: string;
  t: PhoneNumberType;
  e: number;
  n: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Stateless, signed purchase tokens: `base64url(payload).base64url(HMAC-SHA256(payload))`. A
 * search stores nothing; the token carries its company, number, expiry and a random nonce, and
 * only the platform's secret can make one, so a caller cannot buy a number it never searched
 * (nor for another company). Spending it once is the purchase's job (the nonce's row).
 */
export class PurchaseTokens {
  private readonly key: Buffer;

  constructor(secret: string | undefined, logger = new Logger('PurchaseTokens')) {
    if (secret) {
      this.key = Buffer.from(secret, 'utf8');
    } else {
      // Never a fixed or derived fallback: a guessable key would let anyone mint tokens.
      this.key = randomBytes(32);
      logger.warn(
        'PLATFORM_PURCHASE_TOKEN_SECRET is not set: purchase tokens are signed with a random per-process key ' +
          'and do not survive a restart or work across replicas',
      );
    }
  }

  /** A token for one offer found by a search of `companyId`, valid for PURCHASE_TOKEN_TTL_MS from `now`. */
  sign(
    offer: Omit<PurchaseOffer, 'expiresAt' | 'nonce'>,
    now: Date,
    expiresAt = new Date(now.getTime() + PURCHASE_TOKEN_TTL_MS),
  ): string {
    const payload: SignedPayload = {
      v: 1,
      c: offer.companyId,
      p: offer.phoneNumber,
      k: offer.country,
      t: offer.type,
      e: Math.floor(expiresAt.getTime() / 1000),
      n: randomBytes(16).toString('hex'),
    };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /**
   * The offer of a token `companyId` may spend at `now`. Checks the signature first, then the
   * company (before the expiry, so another company's token tells nothing about itself), then the expiry.
   */
  verify(token: string, companyId: string, now: Date): PurchaseOffer {
    const payload = this.readSigned(token);
    if (!payload) throw new PurchaseTokenRejectedError('malformed');
    if (payload.c !== companyId) throw new PurchaseTokenRejectedError('other_company');
    if (payload.e * 1000 <= now.getTime()) throw new PurchaseTokenRejectedError('expired');
    return {
      companyId: payload.c,
      phoneNumber: payload.p,
      country: payload.k,
      type: payload.t,
      expiresAt: new Date(payload.e * 1000),
      nonce: payload.n,
    };
  }

  private readSigned(token: string): SignedPayload | null {
    const parts = token.split('.');
    if (parts.length !== 2 || !parts.every((part) => BASE64URL.test(part))) return null;
    const [body, signature] = parts as [string, string];
    const expected = this.mac(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return asPayload(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return null;
    }
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(`purchase-token.v1.${body}`).digest();
  }
}

/** The payload's shape, checked even though it is signed: a key rotation or a bug must not reach SQL as garbage. */
function asPayload(value: unknown): SignedPayload | null {
  const p = value as Partial<SignedPayload> | null;
  if (!p || typeof p !== 'object' || p.v !== 1) return null;
  if (typeof p.c !== 'string' || !/^[1-9]\d{0,18}$/.test(p.c)) return null;
  if (typeof p.p !== 'string' || !/^\+[1-9]\d{6,14}$/.test(p.p)) return null;
  if (typeof p.k !== 'string' || !/^[A-Z]{2}$/.test(p.k)) return null;
  if (typeof p.t !== 'string' || !(PHONE_NUMBER_TYPES as readonly string[]).includes(p.t)) return null;
  if (typeof p.e !== 'number' || !Number.isSafeInteger(p.e)) return null;
  if (typeof p.n !== 'string' || !/^[0-9a-f]{32}$/.test(p.n)) return null;
  return p as SignedPayload;
}
