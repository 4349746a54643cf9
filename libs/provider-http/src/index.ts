export {
  headerValue,
  providerRequest,
  retryAfterMs,
  type ProviderAnswer,
  type ProviderFailures,
  type ProviderRequest,
} from './provider-http';
