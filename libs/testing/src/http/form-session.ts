/**
 * A browser without JavaScript for server-rendered forms (the login and consent pages): keeps
 * the cookies it is given (by name, like a browser's jar for one site), never follows redirects
 * (tests look at them), posts url-encoded forms.
 */
export class FormSession {
  private readonly jar = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** The Cookie header this browser sends, e.g. to replay its session from another address. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(await fetch(new URL(url, this.base), { redirect: 'manual', headers: this.withCookie(headers) }));
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const body = new URLSearchParams(fields).toString();
    const sent = this.withCookie({ 'content-type': 'application/x-www-form-urlencoded', ...headers });
    return this.keep(await fetch(new URL(path, this.base), { method: 'POST', redirect: 'manual', headers: sent, body }));
  }

  /** Forgets one cookie, as a browser whose cookie expired or was cleared. */
  forget(name: string): void {
    this.jar.delete(name);
  }

  private withCookie(headers: Record<string, string>): Record<string, string> {
    return this.jar.size > 0 ? { ...headers, cookie: this.cookie } : headers;
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // Max-Age=0 (or an empty value) removes the cookie, as in a browser.
      if (value === '' || /;\s*max-age=0\s*(;|$)/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
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
