import { isIP } from 'node:net';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * One entry of TRUSTED_PROXIES: an IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`,
 * `fd00::/8`). Zone ids (`fe80::1%eth0`) and netmask notation are refused, and so is a `/0`
 * range: trusting every address would let any client write its own X-Forwarded-For.
 */
export function isProxyAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.includes('%')) return false;
  const slash = value.indexOf('/');
  const family = isIP(slash < 0 ? value : value.slice(0, slash));
  if (family === 0) return false;
  if (slash < 0) return true;
  const bits = value.slice(slash + 1);
  return /^[1-9]\d{0,2}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** class-validator rule for TRUSTED_PROXIES entries (see isProxyAddress). */
export const IsProxyAddress = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy({ name: 'isProxyAddress', validator: { validate: isProxyAddress } }, options);
