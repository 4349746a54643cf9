import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { apiErrorContent } from '@suite/http';

const HTML_PAGE = { 'text/html': { schema: { type: 'string', description: 'A server-rendered page for the browser' } } };

/**
 * What the authorization endpoint answers a browser: pages (HTML) and redirects back to the
 * client. The code itself arrives later, on the redirect after the consent form (RFC 6749 §4.1.2);
 * the forms are browser pages, kept out of the document.
 */
export const ApiAuthorizeResponses = () =>
  applyDecorators(
    ApiResponse({ status: 200, description: 'The sign-in page, or the consent page for a signed-in user', content: HTML_PAGE }),
    ApiResponse({
      status: 303,
      description:
        'Back to the client’s redirect_uri with `error`, `error_description`, `state` and `iss` (RFC 6749 §4.1.2.1): ' +
        'the request is refused after its client and redirect_uri were recognised',
      headers: {
        Location: { description: 'the client’s redirect_uri with the error', schema: { type: 'string', format: 'uri' } },
      },
    }),
    ApiResponse({
      status: 400,
      description:
        'An HTML page when the client or redirect_uri cannot be trusted (no redirect to an unknown address); ' +
        'the API’s error body for a malformed query',
      content: { ...HTML_PAGE, ...apiErrorContent() },
    }),
  );
