import { Injectable } from '@nestjs/common';
import { AppError } from '@suite/runtime';

const URL_PROBLEM = 'The url must be an https URL.';

/**
 * The one place that decides whether a webhook may be sent to a URL, asked on create and on
 * update. Today it checks the URL's shape (an absolute https URL with a host and without
 * credentials); the SSRF guard (which addresses the host may resolve to) plugs in here.
 */
@Injectable()
export class WebhookTargetPolicy {
  /**
   * Resolves when `url` is an acceptable target; otherwise throws a 400 AppError naming `url`.
   * Async: the SSRF guard will resolve names here.
   */
  async check(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refused();
    }
    if (parsed.protocol !== 'https:' || parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') {
      throw refused();
    }
  }
}

const refused = () => new AppError('invalid', URL_PROBLEM, { url: [URL_PROBLEM] });
