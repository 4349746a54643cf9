import { IsInt, IsOptional, Max, Min, MinLength } from 'class-validator';
import { BaseEnvironment } from './base-environment';
import { composeEnvironment, environmentSlicesOf } from './environment-slices';
import { EnvironmentError, loadEnvironment, redactedEnvironment } from './load-environment';
import { Secret } from './secret.decorator';

class ShippingEnvironment {
  @IsInt()
  @Min(1)
  @Max(10)
  SHIPPING_RETRIES: number = 3;

  @IsOptional()
  @Secret()
  @MinLength(8, { message: 'SHIPPING_TOKEN must be at least 8 characters' })
  SHIPPING_TOKEN?: string;
}

class BillingEnvironment {
  @IsInt()
  @Min(0)
  BILLING_GRACE_DAYS: number = 14;
}

const AppEnvironment = composeEnvironment(BaseEnvironment, ShippingEnvironment, BillingEnvironment);

describe('composeEnvironment', () => {
  const valid = { PORT: '3001', DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/db' };

  it('loads every slice from the same variables into one object, converted and defaulted', () => {
    const env = loadEnvironment(AppEnvironment, { ...valid, SHIPPING_RETRIES: '5', PATH: '/usr/bin' });
    expect(env).toBeInstanceOf(BaseEnvironment);
    expect([env.PORT, env.SHIPPING_RETRIES, env.BILLING_GRACE_DAYS, env.KAFKA_TOPIC_PARTITIONS]).toEqual([3001, 5, 14, 6]);
    expect(env).not.toHaveProperty('PATH');
  });

  it('keeps each slice apart, holding only its own variables, for a feature to be given', () => {
    const env = loadEnvironment(AppEnvironment, { ...valid, SHIPPING_TOKEN: 'tok-12345' });
    const slices = new Map(environmentSlicesOf(env));
    expect([...slices.keys()]).toEqual([BaseEnvironment, ShippingEnvironment, BillingEnvironment]);
    const shipping = slices.get(ShippingEnvironment);
    expect(shipping).toBeInstanceOf(ShippingEnvironment);
    expect({ ...shipping }).toEqual({ SHIPPING_RETRIES: 3, SHIPPING_TOKEN: 'tok-12345' });
    expect(environmentSlicesOf(loadEnvironment(BaseEnvironment, valid))).toEqual([]);
  });

  it('stops at the first bad variable, in the order of the slices, as a single class does', () => {
    expect(() => loadEnvironment(AppEnvironment, { ...valid, BILLING_GRACE_DAYS: '-1' })).toThrow(
      /^Invalid environment: BILLING_GRACE_DAYS: /,
    );
    expect(() => loadEnvironment(AppEnvironment, { ...valid, SHIPPING_RETRIES: '11', BILLING_GRACE_DAYS: '-1' })).toThrow(
      /^Invalid environment: SHIPPING_RETRIES: /,
    );
    expect(() => loadEnvironment(AppEnvironment, { PORT: '3001' })).toThrow(EnvironmentError);
  });

  it("redacts every slice's secrets, and never prints one in an error", () => {
    const env = loadEnvironment(AppEnvironment, { ...valid, SHIPPING_TOKEN: 'tok-12345' });
    expect(redactedEnvironment(env)).toMatchObject({
      DATABASE_URL: '[redacted]',
      SHIPPING_TOKEN: '[redacted]',
      SHIPPING_RETRIES: 3,
    });
    expect(() => loadEnvironment(AppEnvironment, { ...valid, SHIPPING_TOKEN: 'tok' })).toThrow(
      'Invalid environment: SHIPPING_TOKEN: SHIPPING_TOKEN must be at least 8 characters',
    );
  });
});
