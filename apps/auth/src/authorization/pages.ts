import { FULL_ACCESS_SCOPE } from '@suite/contracts';

/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface RenderedPage {
  status: number;
  html: string;
  nonce: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
label{display:block;font-weight:600;margin-top:1rem}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;margin-top:.25rem}
button{margin-top:1.25rem;margin-right:.5rem;padding:.6rem 1.2rem;font-size:1rem}:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#b00020;font-weight:600}ul{padding-left:1.25rem}`;

function layout(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>`;
}

const hiddenFields = (fields: Record<string, string | undefined>): string =>
  Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

export function loginPage(input: {
  clientName: string;
  scopes: readonly string[];
  hidden: Record<string, string | undefined>;
  csrfToken: string;
  email?: string;
  error?: string;
  status?: number;
  nonce: string;
}): RenderedPage {
  const error = input.error ? `<p id="login-error" class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const described = input.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const body = `<h1>Sign in to continue to ${escapeHtml(input.clientName)}</h1>
<p>${escapeHtml(input.clientName)} asks for: ${escapeHtml(input.scopes.map(scopeLabel).join(', '))}.</p>
<form method="post" action="/login/oauth/login" novalidate>
${hiddenFields({ ...input.hidden, csrf_token: input.csrfToken })}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
${error}
<button type="submit">Sign in</button>
</form>`;
  return { status: input.status ?? 200, html: layout(`Sign in – ${input.clientName}`, body, input.nonce), nonce: input.nonce };
}

/**
 * The company chooser (decision 0037): the password opened accounts in several companies; one
 * submit button per company, the user id as its value (the server only accepts the ids of its
 * pending choice). Shown only after the password was verified, listing only what it opened.
 */
export function chooserPage(input: {
  clientName: string;
  hidden: Record<string, string | undefined>;
  csrfToken: string;
  companies: ReadonlyArray<{ userId: string; companyId: string; companyName: string }>;
  nonce: string;
}): RenderedPage {
  const items = companyChoiceLabels(input.companies)
    .map(
      ({ userId, label }) =>
        `<li><button type="submit" name="user_id" value="${escapeHtml(userId)}">${escapeHtml(label)}</button></li>`,
    )
    .join('\n');
  const body = `<h1>Choose a company</h1>
<p id="choice-intro">Your email and password open accounts in several companies. Which one do you want to use with ${escapeHtml(input.clientName)}?</p>
<form method="post" action="/login/oauth/choose">
${hiddenFields({ ...input.hidden, csrf_token: input.csrfToken })}
<ul aria-labelledby="choice-intro">
${items}
</ul>
<button type="submit" name="decision" value="cancel">Sign in with another account</button>
</form>`;
  return { status: 200, html: layout(`Choose a company – ${input.clientName}`, body, input.nonce), nonce: input.nonce };
}

/** The chooser's buttons, by company name; two companies of one name are told apart by their ids. */
export function companyChoiceLabels(
  companies: ReadonlyArray<{ userId: string; companyId: string; companyName: string }>,
): Array<{ userId: string; label: string }> {
  const count = new Map<string, number>();
  for (const { companyName } of companies) count.set(companyName, (count.get(companyName) ?? 0) + 1);
  return [...companies]
    .sort((a, b) => a.companyName.localeCompare(b.companyName) || Number(a.companyId) - Number(b.companyId))
    .map(({ userId, companyId, companyName }) => ({
      userId,
      label: count.get(companyName)! > 1 ? `${companyName} (company ${companyId})` : companyName,
    }));
}

/**
 * What the login page says while the account is locked (429): that it is the account, not the
 * person, that it is temporary, and when to try again. The same for every email, known or not.
 */
export function accountLockedMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `This account is temporarily locked after too many failed sign-in attempts. Try again in ${wait}.`;
}

export function consentPage(input: {
  clientName: string;
  scopes: readonly string[];
  hidden: Record<string, string | undefined>;
  csrfToken: string;
  nonce: string;
}): RenderedPage {
  const items = input.scopes.map((scope) => `<li>${escapeHtml(scopeLabel(scope))}</li>`).join('');
  const body = `<h1>Allow ${escapeHtml(input.clientName)} to access your account?</h1>
<p id="scopes-intro">${escapeHtml(input.clientName)} will be able to:</p>
<ul aria-labelledby="scopes-intro">${items}</ul>
<form method="post" action="/login/oauth/consent">
${hiddenFields({ ...input.hidden, csrf_token: input.csrfToken })}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return { status: 200, html: layout(`Authorize ${input.clientName}`, body, input.nonce), nonce: input.nonce };
}

export function errorPage(input: { status: number; title: string; description: string; nonce: string }): RenderedPage {
  const body = `<h1>${escapeHtml(input.title)}</h1>
<p role="alert">${escapeHtml(input.description)}</p>
<p>Return to the application and try again. If this keeps happening, contact its developer.</p>`;
  return { status: input.status, html: layout(input.title, body, input.nonce), nonce: input.nonce };
}

/** Human wording of a scope: `*` is full access, a permission reads as a sentence. */
export function scopeLabel(scope: string): string {
  if (scope === FULL_ACCESS_SCOPE) return 'Full access: everything you can do in your company';
  const words = scope.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
