/**
 * A browser without JavaScript for server-rendered forms (the login and consent pages): keeps
 * the one session cookie, never follows redirects (tests look at them), posts url-encoded forms.
 */
export class FormSession {
  private cookie = '';

  constructor(private readonly base: string) {}

  async get(url: string): Promise<Response> {
    return this.keep(await fetch(new URL(url, this.base), { redirect: 'manual', headers: this.cookie ? { cookie: this.cookie } : {} }));
  }

  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.cookie) headers.cookie = this.cookie;
    const body = new URLSearchParams(fields).toString();
    return this.keep(await fetch(new URL(path, this.base), { method: 'POST', redirect: 'manual', headers, body }));
  }

  private keep(response: Response): Response {
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return response;
  }
}

/** The hidden inputs of a page (CSRF token, the pending request), HTML entities decoded. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}
