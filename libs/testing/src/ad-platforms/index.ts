export { FakeMeta, graphError, type FakeMetaAccount, type FakeMetaOptions, type FakeMetaUser } from './fake-meta';
export {
  FakeGoogleAds,
  googleAdsError,
  type FakeGoogleAdsOptions,
  type FakeGoogleCustomer,
  type FakeGoogleUser,
} from './fake-google-ads';
export { answerConsent } from './consent-browser';
export { FakeHttpServer, FakeProvider, type FakeAnswer, type FakeRequest } from './fake-http';
export {
  DEMO_AD_CREDENTIALS,
  DEMO_PERSON,
  demoGoogleCustomers,
  demoGoogleUsers,
  demoMetaAccounts,
  demoMetaUsers,
  demoSpend,
} from './demo-ad-accounts';
