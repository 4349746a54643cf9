import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { ApiErrors, ApiNoCredential, AppError } from '@suite/http';
import { BaseEnvironment } from '@suite/config';
import { publicUrlOf } from '../../../shared/public-url';
import { AdAccountsEnvironment } from '../ad-accounts-environment';
import { notOffered } from '../ad-account-messages';
import { AD_PROVIDERS, isAdProvider } from '../ad-provider';
import { consentRedirectUri } from '../connect/consent-scopes';
import { SandboxConsentQuery } from './dto/sandbox-consent.query';
import { SANDBOX_CODE_PREFIX, SANDBOX_CONSENT_PATH, sandboxClientId } from './sandbox-ad-platform';

/**
 * The sandbox ad platform's consent page (mounted only with PLATFORM_AD_PLATFORM=sandbox): it
 * consents at once for its one user and sends the browser back to the platform's own callback
 * with a code — or with `error=access_denied` for `decision=deny`. It redirects nowhere else (no
 * open redirect: the redirect URI must be the platform's callback for the provider).
 */
@ApiTags('sandbox')
@Controller(SANDBOX_CONSENT_PATH.slice(1))
export class SandboxAdConsentController {
  private readonly publicUrl: string;

  constructor(env: AdAccountsEnvironment, shared: BaseEnvironment) {
    this.publicUrl = publicUrlOf({ PLATFORM_PUBLIC_URL: env.PLATFORM_PUBLIC_URL, PORT: shared.PORT });
  }

  @Get(':provider')
  @ApiNoCredential()
  @ApiParam({ name: 'provider', enum: AD_PROVIDERS })
  @ApiOperation({
    summary:
      "The sandbox ad platform's consent page: 302 back to the platform's callback with a code and the state (error=access_denied " +
      'for decision=deny); only with the sandbox ad platform',
  })
  @ApiResponse({ status: 302, description: "Back to the platform's callback" })
  @ApiErrors({
    400: 'client_id is not the sandbox app of the provider, or redirect_uri is not the platform callback',
    404: 'Ad platform <provider> is not available here.',
  })
  consent(@Param('provider') provider: string, @Query() query: SandboxConsentQuery, @Res() reply: FastifyReply): void {
    if (!isAdProvider(provider)) throw new AppError('not_found', notOffered(provider));
    if (query.client_id !== sandboxClientId(provider)) {
      throw new AppError('invalid', 'Unknown client_id.', { client_id: [`client_id must be ${sandboxClientId(provider)}`] });
    }
    const callback = consentRedirectUri(this.publicUrl, provider);
    if (query.redirect_uri !== callback) {
      throw new AppError('invalid', 'redirect_uri is not registered.', { redirect_uri: [`redirect_uri must be ${callback}`] });
    }
    const answer: Record<string, string> =
      query.decision === 'deny'
        ? { error: 'access_denied', error_description: 'The sandbox user declined.', state: query.state }
        : { code: `${SANDBOX_CODE_PREFIX}${randomBytes(16).toString('base64url')}`, state: query.state };
    void reply.header('cache-control', 'no-store').redirect(`${callback}?${new URLSearchParams(answer).toString()}`, 302);
  }
}
