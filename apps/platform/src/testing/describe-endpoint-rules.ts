import { endpointRules, type EndpointCase } from './endpoint-rules';
import type { PlatformTestApp } from './platform-test-app';
import type { TenancyFixture } from './tenancy-fixture';

/**
 * The standard tests of a feature's routes (endpointRules), one `describe` a route named by its
 * method and path. `started` is read when the tests run: the spec starts the app and builds its
 * fixture in its beforeAll.
 */
export function describeEndpointRules(
  endpoints: EndpointCase[],
  started: () => { platform: PlatformTestApp; fixture: TenancyFixture },
): void {
  describe.each(endpoints)('$method $path', (endpoint) =>
    endpointRules(
      () => started().platform,
      () => started().fixture,
      endpoint,
    ),
  );
}
