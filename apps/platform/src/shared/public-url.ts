import { IsDefined, IsUrl, Matches, ValidateIf } from 'class-validator';

/**
 * PLATFORM_PUBLIC_URL: the platform's address as browsers and providers reach it (no trailing
 * path), one variable for every provider — Retell's webhooks and the ad platforms' consent
 * callbacks are built under it. Two features read it, and each declares it in its slice with the
 * setting that makes it required (`required with VARIABLE=value`); checked whenever it is set.
 * Here, on the floor, so both state the same rule (decision 0062).
 */
export function PublicUrl(requiredWith: { readonly variable: string; readonly value: string }): PropertyDecorator {
  return (target, property) => {
    // Registered in the order the decorators were once written (bottom up), so the first failing check is the same.
    Matches(/^[^?#]*$/, { message: 'PLATFORM_PUBLIC_URL must be an http(s) URL without query or fragment' })(target, property);
    IsUrl(
      { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
      { message: 'PLATFORM_PUBLIC_URL must be an http(s) URL' },
    )(target, property);
    IsDefined({ message: `PLATFORM_PUBLIC_URL is required with ${requiredWith.variable}=${requiredWith.value}` })(
      target,
      property,
    );
    ValidateIf(
      (env: Readonly<Record<string, unknown>>) =>
        env[requiredWith.variable] === requiredWith.value || env.PLATFORM_PUBLIC_URL !== undefined,
    )(target, property);
  };
}

/** The platform's public address without a trailing slash (PLATFORM_PUBLIC_URL, else its own loopback address). */
export const publicUrlOf = (env: { readonly PLATFORM_PUBLIC_URL?: string; readonly PORT: number }): string =>
  (env.PLATFORM_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, '');
