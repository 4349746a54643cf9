export { FakeMeta, graphError, type FakeMetaAccount, type FakeMetaOptions, type FakeMetaUser } from './fake-meta';
export {
  FakeGoogleAds,
  googleAdsError,
  type FakeGoogleAdsOptions,
  type FakeGoogleCustomer,
  type FakeGoogleUser,
} from './fake-google-ads';
export { answerConsent } from './consent-browser';
export { FakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http';
