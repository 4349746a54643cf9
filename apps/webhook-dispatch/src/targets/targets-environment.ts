import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { toList } from '@suite/config';
import { parseCidr } from './address-policy';

/** The target guard's slice of webhook-dispatch's environment (decisions 0028, 0062). */
export class TargetsEnvironment {
  /**
   * Private ranges webhooks may be sent to after all, over plain http too (decision 0028):
   * comma-separated CIDR ranges such as `10.20.0.0/16,fd00:1::/32`. Empty (the default): only
   * public addresses, only https. `npm start` sets the loopback ranges unless this is set.
   */
  @Transform(toList)
  @ValidateBy(
    { name: 'isCidr', validator: { validate: (value: unknown) => typeof value === 'string' && parseCidr(value) !== undefined } },
    {
      each: true,
      message: 'WEBHOOKS_ALLOWED_PRIVATE_CIDRS must be comma-separated CIDR ranges, e.g. 10.20.0.0/16,::1/128 (no /0)',
    },
  )
  WEBHOOKS_ALLOWED_PRIVATE_CIDRS: string[] = [];
}
