import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { INTERNAL_CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from '@suite/authz';
import { TOKEN_EXCHANGE_GRANT_TYPE } from '@suite/contracts';
import { ApiErrors, ApiNoCredential, AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { BaseEnvironment } from '@suite/config';
import { isRefusal, readTokenExchangeRequest } from '../login-as/token-exchange-rules';
import { TokenExchangeService, type TokenExchangeResponse } from '../login-as/token-exchange.service';
import { OAuthClientsService } from '../oauth-clients/oauth-clients.service';
import type { OAuthClientEntity } from '../oauth-clients/oauth-client.entity';
import { redirectUriMatches } from '../oauth-clients/redirect-uri';
import { noStore } from '../shared/no-store';
import { tokenError } from '../shared/oauth-errors';
import type { RateDecision } from '../shared/rate-limiter';
import { ExchangedTokenResponse, IssuedTokensResponse } from './dto/token.response';
import { REFRESH_REQUEST_BODY, TOKEN_ENDPOINT_ERRORS, TOKEN_REQUEST_BODY } from './token-endpoint.docs';
import { presentedClient, readForm, required, type FormParams } from './token-request';
import { TokenEndpointThrottle } from './token-throttle';
import { TokensService, type TokenResponse } from './tokens.service';

@ApiTags('oauth')
@ApiExtraModels(IssuedTokensResponse, ExchangedTokenResponse)
@ApiErrors(TOKEN_ENDPOINT_ERRORS)
@Controller('oauth')
export class TokenController {
  private readonly throttle: TokenEndpointThrottle;
  private readonly internalToken: Buffer | undefined;

  constructor(
    private readonly tokens: TokensService,
    private readonly clients: OAuthClientsService,
    private readonly exchange: TokenExchangeService,
    @Inject(CLOCK) clock: Clock,
    env: BaseEnvironment,
  ) {
    this.throttle = new TokenEndpointThrottle(() => clock.now().getTime());
    this.internalToken = env.INTERNAL_API_TOKEN ? sha256(env.INTERNAL_API_TOKEN) : undefined;
  }

  @Post('token')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody(TOKEN_REQUEST_BODY)
  @ApiNoCredential()
  @ApiOperation({
    summary:
      'Token endpoint (RFC 6749 §3.2): authorization_code and refresh_token grants; RFC 8693 token exchange (login-as) for internal callers only',
  })
  @ApiOkResponse({
    description: 'The tokens; for a token exchange, the login-as access token',
    schema: { oneOf: [{ $ref: getSchemaPath(IssuedTokensResponse) }, { $ref: getSchemaPath(ExchangedTokenResponse) }] },
  })
  async token(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<TokenResponse | TokenExchangeResponse> {
    noStore(response);
    // A suite service that proves the internal token is never throttled by its address: in one
    // process (npm start) or behind one node address it shares that address with strangers, whose
    // failures must not make login-as unavailable.
    if (!this.isInternalCaller(request)) this.admitAddress(request, response);
    const params = readForm(request);
    if (params.grant_type === TOKEN_EXCHANGE_GRANT_TYPE)
      return this.countingFailures(request, () => this.tokenExchange(request, params));
    const client = await this.authenticate(request, response, params);
    switch (required(params, 'grant_type')) {
      case 'authorization_code':
        return this.tokens.exchangeCode(client, {
          code: required(params, 'code'),
          redirectUri: params.redirect_uri,
          codeVerifier: params.code_verifier,
        });
      case 'refresh_token':
        if (params.redirect_uri !== undefined && !redirectUriMatches(client.redirectUri, params.redirect_uri)) {
          throw tokenError('invalid_grant', 'redirect_uri differs from the registered one.');
        }
        return this.tokens.refresh(client, { refreshToken: required(params, 'refresh_token'), scope: params.scope });
      default:
        throw tokenError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    }
  }

  /**
   * Login-as (decision 0007, "Login-as"). The caller is not an OAuth client but a suite service
   * (the platform), authenticated by `x-internal-token` = INTERNAL_API_TOKEN; client credentials
   * are refused here, so no registered client — public or confidential — can ever exchange.
   * Without INTERNAL_API_TOKEN the grant type does not exist.
   */
  private tokenExchange(request: FastifyRequest, params: FormParams): Promise<TokenExchangeResponse> {
    if (!this.internalToken) throw tokenError('unsupported_grant_type', 'Token exchange is not enabled on this server.');
    if (request.headers.authorization !== undefined || params.client_id !== undefined || params.client_secret !== undefined) {
      throw tokenError(
        'invalid_client',
        `Token exchange is for internal callers: authenticate with the ${INTERNAL_TOKEN_HEADER} header, not client credentials.`,
      );
    }
    if (!this.isInternalCaller(request))
      throw tokenError('invalid_client', `Token exchange needs a valid ${INTERNAL_TOKEN_HEADER} header.`);
    const exchange = readTokenExchangeRequest(params);
    if (isRefusal(exchange)) throw tokenError(exchange.error, exchange.description);
    return this.exchange.exchange(exchange, actingForIp(request));
  }

  /** Whether the request carries INTERNAL_API_TOKEN (compared in constant time). */
  private isInternalCaller(request: FastifyRequest): boolean {
    const presented = request.headers[INTERNAL_TOKEN_HEADER];
    return (
      this.internalToken !== undefined &&
      typeof presented === 'string' &&
      presented.length > 0 &&
      timingSafeEqual(sha256(presented), this.internalToken)
    );
  }

  /** The spec's refresh endpoint: like grant_type=refresh_token, with redirect_uri required and checked. */
  @Post('token/refresh')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody(REFRESH_REQUEST_BODY)
  @ApiNoCredential()
  @ApiOperation({ summary: 'Refresh endpoint: rotates the refresh token' })
  @ApiOkResponse({ type: IssuedTokensResponse })
  async refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<TokenResponse> {
    noStore(response);
    this.admitAddress(request, response);
    const params = readForm(request);
    const client = await this.authenticate(request, response, params);
    if (required(params, 'grant_type') !== 'refresh_token') {
      throw tokenError('unsupported_grant_type', 'This endpoint accepts grant_type=refresh_token only.');
    }
    if (!redirectUriMatches(client.redirectUri, required(params, 'redirect_uri'))) {
      throw tokenError('invalid_grant', 'redirect_uri differs from the registered one.');
    }
    return this.tokens.refresh(client, { refreshToken: required(params, 'refresh_token'), scope: params.scope });
  }

  /**
   * Client authentication (RFC 6749 §2.3). Only a client that passed it is counted against a
   * client's budget; a failure counts against the address it came from (TokenEndpointThrottle).
   */
  private async authenticate(request: FastifyRequest, response: FastifyReply, params: FormParams): Promise<OAuthClientEntity> {
    const authorization = request.headers.authorization;
    const usesBasic = authorization !== undefined && /^basic /i.test(authorization);
    try {
      const client = await this.countingFailures(request, async () => {
        const presented = presentedClient(authorization, params);
        const found = await this.clients.findActive(presented.clientId);
        if (!found || !this.clients.authenticates(found, presented.secret))
          throw tokenError('invalid_client', 'Client authentication failed.');
        return found;
      });
      const decision = this.throttle.admitClient(client, request.ip);
      if (!decision.allowed) throw slowDown(response, decision, 'Too many token requests for this client; retry later.');
      return client;
    } catch (error) {
      // RFC 6749 §5.2: a 401 for a client that used HTTP Basic names the scheme it must use.
      if (usesBasic && isInvalidClient(error)) {
        response.header('WWW-Authenticate', 'Basic realm="suite", charset="UTF-8"');
      }
      throw error;
    }
  }

  /** Refuses an address that has failed client authentication too often, before anything else is read. */
  private admitAddress(request: FastifyRequest, response: FastifyReply): void {
    const decision = this.throttle.admitAddress(request.ip);
    if (!decision.allowed)
      throw slowDown(response, decision, 'Too many failed client authentications from this address; retry later.');
  }

  /** Runs a client (or internal caller) authentication; an invalid_client answer counts against the address. */
  private async countingFailures<T>(request: FastifyRequest, authenticate: () => Promise<T>): Promise<T> {
    try {
      return await authenticate();
    } catch (error) {
      if (isInvalidClient(error)) this.throttle.failedAuthentication(request.ip);
      throw error;
    }
  }
}

const isInvalidClient = (error: unknown): boolean => error instanceof AppError && error.code === 'invalid_client';

/**
 * 429 with `slow_down` and Retry-After. `slow_down` (registered by RFC 8628 for the token
 * endpoint) tells the caller to back off without claiming its credentials are wrong — they were
 * not even looked at; `invalid_client` would send a real client behind a shared address hunting
 * for a secret problem it does not have.
 */
function slowDown(response: FastifyReply, decision: RateDecision, description: string): AppError {
  response.header('Retry-After', String(decision.retryAfterSeconds));
  return new AppError('rate_limited', description, {}, 'slow_down');
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The address a login-as is requested from: the admin's, as the platform saw it and sent it in
 * INTERNAL_CLIENT_IP_HEADER — believed here only because the caller has just proven the
 * internal token. Without it (or when it is not an address), the caller's own request.ip.
 */
function actingForIp(request: FastifyRequest): string | null {
  const forwarded = request.headers[INTERNAL_CLIENT_IP_HEADER];
  if (typeof forwarded === 'string' && isIP(forwarded.trim()) !== 0) return forwarded.trim();
  return request.ip ?? null;
}
