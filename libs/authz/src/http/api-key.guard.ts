import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request';
import { AppError } from '@suite/http';
import { OpaqueCredentialVerifier } from '../verification/opaque-credential.verifier';

export const API_KEY_HEADER = 'x-api-key';

/**
 * The messaging API's workspace API key (`x-api-key`): puts a Principal with `userId: null` on
 * `request.user`. Such a principal acts for its company only and never passes a permission guard.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly verifier: OpaqueCredentialVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers[API_KEY_HEADER];
    if (typeof header !== 'string' || header.length === 0) {
      throw new AppError('unauthenticated', `Missing ${API_KEY_HEADER} header.`);
    }
    request.user = await this.verifier.verify(header.trim(), 'api_key');
    return true;
  }
}
