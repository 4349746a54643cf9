import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './fake-http';

/** A person at the ad platform, with the ad accounts they may read. */
export interface FakeAdUser {
  id: string;
  name: string;
}

/** What the consent page was asked for, carried through its form. */
export interface ConsentRequestFields {
  client_id: string;
  redirect_uri: string;
  state: string;
  scope: string;
  code_challenge?: string;
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The consent page of a fake provider, for a browser or a test's FormSession: the request rides in
 * hidden inputs, the person is picked from a list (a stand-in for being signed in at the
 * provider), and Allow / Cancel post to `action`.
 */
export function consentPage(
  title: string,
  action: string,
  fields: ConsentRequestFields,
  users: readonly FakeAdUser[],
): FakeAnswer {
  const hidden = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(String(value))}">`)
    .join('\n');
  const options = users.map((user) => `<option value="${escape(user.id)}">${escape(user.name)}</option>`).join('');
  return {
    status: 200,
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>` +
      `<h1>${escape(title)}</h1><p>An app asks to read your ad accounts (${escape(fields.scope)}).</p>` +
      `<form method="post" action="${escape(action)}">${hidden}` +
      `<label for="user">Signed in as</label> <select id="user" name="user">${options}</select> ` +
      '<button type="submit" name="decision" value="allow">Allow</button> ' +
      '<button type="submit" name="decision" value="deny">Cancel</button></form></body></html>',
  };
}

/** An error page, as providers show when the app or its redirect URI is not registered (never a redirect). */
export const consentRefused = (message: string): FakeAnswer => ({
  status: 400,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><p>${escape(message)}</p></body></html>`,
});

/** `redirect_uri` with `params` added to its query. */
export function redirectBack(redirectUri: string, params: Record<string, string>): FakeAnswer {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { status: 302, location: url.toString() };
}

export const opaqueToken = (prefix: string): string => `${prefix}${randomBytes(18).toString('base64url')}`;
