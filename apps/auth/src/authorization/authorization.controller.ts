import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { ApiNoCredential, hasMediaType } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { BaseEnvironment } from '@suite/config';
import { issuerOf } from '../shared/issuer';
import { AuthorizationEnvironment } from './authorization-environment';
import { LoginUsersService } from '../login-users/login-users.service';
import { SignInAttempts } from '../login-users/sign-in-attempts';
import { OAuthClientsService } from '../oauth-clients/oauth-clients.service';
import { noStore } from '../shared/no-store';
import { FixedWindowRateLimiter } from '../shared/rate-limiter';
import {
  readAuthorizationParams,
  redirectWith,
  validateAuthorizationRequest,
  type AuthorizationRequest,
} from './authorization-request';
import { ApiAuthorizeResponses } from './authorize-endpoint.docs';
import { AuthorizationService } from './authorization.service';
import { LoginChoiceRedemptions } from './login-choice-redemptions';
import { accountLockedMessage, chooserPage, consentPage, errorPage, loginPage, type RenderedPage } from './pages';
import {
  DEVICE_COOKIE,
  deviceCookie,
  readCookie,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  SessionCodec,
  sessionCookie,
  type LoginSession,
  type PendingChoice,
} from './session';

/**
 * Login attempts per IP and email per minute, and per IP alone (in memory; see
 * FixedWindowRateLimiter). Across addresses, each account is limited too (SignInAttempts).
 */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
export const LOGIN_ATTEMPTS_PER_IP_PER_MINUTE = 100;
/** The one answer to a wrong password, an unknown email and an account that may not sign in. */
const WRONG_CREDENTIALS = 'The email or password is not correct.';

/**
 * The authorization endpoint (RFC 6749 §4.1.1) and its server-rendered login and consent
 * pages. The request's parameters travel through the forms as hidden fields and are validated
 * again at every step; the login session is a signed cookie; every form carries a CSRF token
 * bound to that session.
 */
@ApiTags('oauth')
@Controller('login/oauth')
export class AuthorizationController {
  private readonly sessions: SessionCodec;
  private readonly issuer: string;
  private readonly secureCookies: boolean;
  private readonly perIdentity: FixedWindowRateLimiter;
  private readonly perIp: FixedWindowRateLimiter;

  constructor(
    private readonly clients: OAuthClientsService,
    private readonly users: LoginUsersService,
    private readonly authorizations: AuthorizationService,
    private readonly signIns: SignInAttempts,
    private readonly choices: LoginChoiceRedemptions,
    @Inject(CLOCK) private readonly clock: Clock,
    env: AuthorizationEnvironment,
    shared: BaseEnvironment,
  ) {
    // Without a configured secret, sessions are per process (documented in its slice of the environment).
    this.sessions = new SessionCodec(env.AUTH_SESSION_SECRET ?? randomBytes(32));
    this.issuer = issuerOf(shared);
    this.secureCookies = this.issuer.startsWith('https:');
    const now = () => clock.now().getTime();
    this.perIdentity = new FixedWindowRateLimiter(LOGIN_ATTEMPTS_PER_MINUTE, 60_000, now);
    this.perIp = new FixedWindowRateLimiter(LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, 60_000, now);
  }

  @Get('authorize')
  @ApiQuery({ name: 'response_type', required: true, enum: ['code'] })
  @ApiQuery({ name: 'client_id', required: true, type: String })
  @ApiQuery({ name: 'redirect_uri', required: true, type: String, description: 'Exactly the registered one' })
  @ApiQuery({ name: 'scope', required: false, type: String, description: 'Space-separated; `*` is full access', example: '*' })
  @ApiQuery({ name: 'state', required: false, type: String })
  @ApiQuery({
    name: 'code_challenge',
    required: false,
    type: String,
    description: 'PKCE S256 challenge (43 base64url characters); required for public clients',
  })
  @ApiQuery({ name: 'code_challenge_method', required: false, enum: ['S256'] })
  @ApiNoCredential()
  @ApiOperation({ summary: 'Authorization endpoint: login, consent, then a redirect with `code` and `state`' })
  @ApiAuthorizeResponses()
  async authorize(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const validated = await this.validate(request.query as Record<string, unknown>);
    if (validated.kind !== 'ok') return this.refuse(response, validated);
    const authorization = validated.request;
    let session = this.session(request);
    if (session?.userId && !(await this.users.isActive(session.userId))) session = null;
    if (!session) {
      session = this.sessions.anonymous(this.nowSeconds());
      this.setSession(response, session);
    }
    if (session.userId) return this.render(response, this.consentPage(authorization, session), authorization);
    const choice = this.sessions.pendingChoice(session, this.nowSeconds());
    const companies = choice ? await this.users.companyChoices(choice.accounts) : [];
    if (companies.length > 0) return this.render(response, this.chooserPage(authorization, session, companies), authorization);
    return this.render(response, this.loginPage(authorization, session, {}), authorization);
  }

  @Post('login')
  @ApiExcludeEndpoint()
  async login(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const step = await this.formStep(request, response, 'login');
    if (!step) return;
    const { form, session, authorization } = step;
    const email = (form.field('email') ?? '').trim();
    const password = form.field('password') ?? '';

    const ip = request.ip ?? 'unknown';
    const byIdentity = this.perIdentity.hit(`${ip}|${email.toLowerCase()}`);
    const byIp = this.perIp.hit(ip);
    if (!byIdentity.allowed || !byIp.allowed) {
      response.header('Retry-After', String(Math.max(byIdentity.retryAfterSeconds, byIp.retryAfterSeconds)));
      const page = this.loginPage(authorization, session, {
        email,
        status: 429,
        error: 'Too many sign-in attempts. Wait a minute and try again.',
      });
      return this.render(response, page, authorization);
    }
    const wrong = () =>
      this.render(
        response,
        this.loginPage(authorization, session, { email, status: 401, error: WRONG_CREDENTIALS }),
        authorization,
      );
    if (!email || !password) return wrong();

    const known = this.sessions.deviceClaim(readCookie(request.headers.cookie, DEVICE_COOKIE), this.nowSeconds());
    const outcome = await this.signIns.attempt(email, password, known);
    if (outcome.kind === 'wrong') return wrong();
    if (outcome.kind === 'locked') {
      response.header('Retry-After', String(outcome.retryAfterSeconds));
      const page = this.loginPage(authorization, session, {
        email,
        status: 429,
        error: accountLockedMessage(outcome.retryAfterSeconds),
      });
      return this.render(response, page, authorization);
    }
    const opened = outcome.accounts;
    // This browser now has its own allowance for the accounts it opened (a fresh nonce: the old one's counts are gone).
    const device = this.sessions.device(
      opened.map((account) => account.userId),
      this.nowSeconds(),
    );
    response.header('set-cookie', deviceCookie(device.value, { secure: this.secureCookies }));
    // A new session id either way: a session planted before login is worthless (no fixation). One account
    // opened: signed in. Several: the session holds them until the user picks the company (the chooser).
    this.setSession(
      response,
      opened.length === 1
        ? this.sessions.loggedIn(opened[0]!, this.nowSeconds())
        : this.sessions.awaitingChoice(opened, this.nowSeconds()),
    );
    this.backToAuthorize(response, authorization);
  }

  /**
   * The company chooser's form (decision 0037): the account picked must be one of the session's
   * pending choice — made only when the password opened it, bound to this browser's session and
   * CSRF token, five minutes long, redeemed once.
   */
  @Post('choose')
  @ApiExcludeEndpoint()
  async choose(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const step = await this.formStep(request, response, 'choose');
    if (!step) return;
    const { form, session, authorization } = step;
    if (form.field('decision') === 'cancel') {
      this.setSession(response, this.sessions.anonymous(this.nowSeconds()));
      return this.backToAuthorize(response, authorization);
    }
    const choice = this.sessions.pendingChoice(session, this.nowSeconds());
    const account = choice?.accounts.find(({ userId }) => userId === form.field('user_id'));
    if (!choice || !account || !(await this.redeem(choice))) return this.forbidden(response);
    if (!(await this.users.isActive(account.userId))) {
      // Suspended or deleted since the password: as if that account's password had been wrong.
      const anonymous = this.sessions.anonymous(this.nowSeconds());
      this.setSession(response, anonymous);
      const page = this.loginPage(authorization, anonymous, { status: 401, error: WRONG_CREDENTIALS });
      return this.render(response, page, authorization);
    }
    this.setSession(response, this.sessions.loggedIn(account, this.nowSeconds()));
    this.backToAuthorize(response, authorization);
  }

  @Post('consent')
  @ApiExcludeEndpoint()
  async consent(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const form = formOf(request);
    const session = this.session(request);
    if (!this.sessions.csrfValid(session, 'consent', form.field('csrf_token')) || !session?.userId || !session.companyId) {
      return this.forbidden(response);
    }
    const validated = await this.validate(form);
    if (validated.kind !== 'ok') return this.refuse(response, validated);
    const authorization = validated.request;
    noStore(response);
    if (form.field('decision') !== 'allow') {
      return void response.redirect(
        redirectWith(authorization.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied the request.',
          state: authorization.state,
          iss: this.issuer,
        }),
        303,
      );
    }
    if (!(await this.users.isActive(session.userId))) return this.forbidden(response);
    const code = await this.authorizations.issueCode(
      authorization,
      { userId: session.userId, companyId: session.companyId },
      this.clock.now(),
    );
    response.redirect(redirectWith(authorization.redirectUri, { code, state: authorization.state, iss: this.issuer }), 303);
  }

  /**
   * What every form post starts with: its session's CSRF token for this form (else a 403 page),
   * then the authorization request it carries, validated again (else the error page or redirect).
   * Null when it has answered already.
   */
  private async formStep(request: FastifyRequest, response: FastifyReply, which: 'login' | 'choose') {
    const form = formOf(request);
    const session = this.session(request);
    if (!session || !this.sessions.csrfValid(session, which, form.field('csrf_token'))) return void this.forbidden(response);
    const validated = await this.validate(form);
    if (validated.kind !== 'ok') return void this.refuse(response, validated);
    return { form, session, authorization: validated.request };
  }

  private async validate(source: Record<string, unknown>) {
    const raw = readAuthorizationParams(source);
    const client =
      raw.values.client_id && !raw.repeated.includes('client_id') ? await this.clients.findActive(raw.values.client_id) : null;
    return validateAuthorizationRequest(raw, client);
  }

  private refuse(
    response: FastifyReply,
    failure:
      | { kind: 'page'; description: string }
      | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string },
  ): void {
    if (failure.kind === 'page') {
      return this.render(
        response,
        errorPage({ status: 400, title: 'This sign-in link is not valid', description: failure.description, nonce: nonce() }),
      );
    }
    noStore(response);
    response.redirect(
      redirectWith(failure.redirectUri, {
        error: failure.error,
        error_description: failure.description,
        state: failure.state,
        iss: this.issuer,
      }),
      303,
    );
  }

  private forbidden(response: FastifyReply): void {
    const description = 'This form has expired or did not come from this site. Go back to the application and start again.';
    this.render(response, errorPage({ status: 403, title: 'Request refused', description, nonce: nonce() }));
  }

  private loginPage(
    authorization: AuthorizationRequest,
    session: LoginSession,
    extra: { email?: string; error?: string; status?: number },
  ): RenderedPage {
    return loginPage({
      clientName: authorization.client.name,
      scopes: authorization.scopes,
      hidden: authorization.params,
      csrfToken: this.sessions.csrfToken(session, 'login'),
      nonce: nonce(),
      ...extra,
    });
  }

  private consentPage(authorization: AuthorizationRequest, session: LoginSession): RenderedPage {
    return consentPage({
      clientName: authorization.client.name,
      scopes: authorization.scopes,
      hidden: authorization.params,
      csrfToken: this.sessions.csrfToken(session, 'consent'),
      nonce: nonce(),
    });
  }

  private chooserPage(
    authorization: AuthorizationRequest,
    session: LoginSession,
    companies: Parameters<typeof chooserPage>[0]['companies'],
  ): RenderedPage {
    return chooserPage({
      clientName: authorization.client.name,
      hidden: authorization.params,
      csrfToken: this.sessions.csrfToken(session, 'choose'),
      companies,
      nonce: nonce(),
    });
  }

  private redeem(choice: PendingChoice): Promise<boolean> {
    return this.choices.redeem(choice.nonce, new Date(choice.exp * 1000));
  }

  /** 303 to the authorization endpoint with the request's parameters: it shows the next step. */
  private backToAuthorize(response: FastifyReply, authorization: AuthorizationRequest): void {
    const query = new URLSearchParams(authorization.params as Record<string, string>).toString();
    noStore(response);
    response.redirect(`/login/oauth/authorize?${query}`, 303);
  }

  private render(response: FastifyReply, page: RenderedPage, authorization?: AuthorizationRequest): void {
    // form-action covers the redirect that follows a form post (browsers apply it to redirects).
    const formAction = authorization ? ` ${new URL(authorization.redirectUri).origin}` : '';
    response.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action 'self'${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
    response.header('X-Frame-Options', 'DENY');
    response.header('Referrer-Policy', 'no-referrer');
    response.header('X-Content-Type-Options', 'nosniff');
    noStore(response);
    response.code(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  private session(request: FastifyRequest): LoginSession | null {
    return this.sessions.decode(readCookie(request.headers.cookie, SESSION_COOKIE), this.nowSeconds());
  }

  private setSession(response: FastifyReply, session: LoginSession): void {
    // Fastify appends each set-cookie header rather than replacing the previous one.
    response.header(
      'set-cookie',
      sessionCookie(this.sessions.encode(session), { secure: this.secureCookies, maxAgeSeconds: SESSION_TTL_SECONDS }),
    );
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

/** The posted form; a field given twice is kept as an array (authorization params refuse it, the rest ignore it). */
function formOf(request: FastifyRequest): Record<string, unknown> & { field(name: string): string | undefined } {
  const body = hasMediaType(request, 'application/x-www-form-urlencoded')
    ? ((request.body ?? {}) as Record<string, unknown>)
    : {};
  return Object.assign({}, body, {
    field: (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined),
  });
}

const nonce = (): string => randomBytes(16).toString('base64');
