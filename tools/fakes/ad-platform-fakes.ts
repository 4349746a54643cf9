import {
  DEMO_AD_CREDENTIALS as DEMO,
  demoGoogleCustomers,
  demoGoogleUsers,
  demoMetaAccounts,
  demoMetaUsers,
  FakeGoogleAds,
  FakeMeta,
} from '@suite/testing';

/**
 * `npm run -s fakes:ads`: local stand-ins of Meta and Google Ads (libs/testing/src/ad-platforms)
 * for trying the live ad platform with `npm start` without accounts at either
 * (docs/ad-accounts.md "Going live", "Try it against local stand-ins"). Prints the variables that
 * point the platform at them — `export NAME=value` lines on stdout, for a file to `source` — and
 * a guide on stderr; runs until Ctrl-C.
 *
 * FAKE_META_PORT and FAKE_GOOGLE_PORT choose the ports (4010 and 4011; 0: any free one);
 * PLATFORM_PUBLIC_URL is where the platform's callbacks are registered (default
 * http://127.0.0.1:<PLATFORM_PORT or 3003>).
 */
const port = (name: string, fallback: number): number => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number(value);
};

async function main(): Promise<void> {
  const publicUrl = (process.env.PLATFORM_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PLATFORM_PORT ?? 3003}`).replace(
    /\/+$/,
    '',
  );
  const meta = await FakeMeta.start({
    ...DEMO.meta,
    port: port('FAKE_META_PORT', 4010),
    redirectUris: [`${publicUrl}/api/ad-accounts/callback/facebook`],
    users: demoMetaUsers(),
    accounts: demoMetaAccounts(Date.now()),
  });
  const google = await FakeGoogleAds.start({
    ...DEMO.google,
    port: port('FAKE_GOOGLE_PORT', 4011),
    redirectUris: [`${publicUrl}/api/ad-accounts/callback/google`],
    users: demoGoogleUsers(),
    customers: demoGoogleCustomers(Date.now()),
  });
  const variables: Record<string, string> = {
    PLATFORM_AD_PLATFORM: 'live',
    PLATFORM_PUBLIC_URL: publicUrl,
    META_APP_ID: DEMO.meta.appId,
    META_APP_SECRET: DEMO.meta.appSecret,
    META_GRAPH_URL: meta.url,
    META_OAUTH_URL: meta.url,
    GOOGLE_ADS_CLIENT_ID: DEMO.google.clientId,
    GOOGLE_ADS_CLIENT_SECRET: DEMO.google.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: DEMO.google.developerToken,
    GOOGLE_ADS_API_URL: google.url,
    GOOGLE_OAUTH_URL: google.url,
    GOOGLE_TOKEN_URL: google.url,
  };
  process.stdout.write(
    `${Object.entries(variables)
      .map(([name, value]) => `export ${name}=${value}`)
      .join('\n')}\n`,
  );
  process.stderr.write(
    `Fake Meta on ${meta.url} and fake Google Ads on ${google.url}; their consent pages sign you in as "Dana Demo".\n` +
      `Start the suite with the variables above (docs/ad-accounts.md "Try it against local stand-ins"). Ctrl-C stops the fakes.\n`,
  );
  const stop = () => void Promise.all([meta.stop(), google.stop()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`the ad-platform stand-ins failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
