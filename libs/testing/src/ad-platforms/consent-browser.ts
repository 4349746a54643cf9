import { FormSession, hiddenFields } from '../http/form-session';

/**
 * A person at a fake ad platform's consent page, as a browser without JavaScript: opens the page
 * the platform's connect route sent the browser to, picks `userId` and answers; returns where the
 * provider sends the browser next (the platform's callback, with a code or an error).
 */
export async function answerConsent(consentUrl: string, userId: string, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const url = new URL(consentUrl);
  const browser = new FormSession(url.origin);
  const page = await browser.get(url.pathname + url.search);
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${await page.text()}`);
  const answered = await browser.post('/consent', { ...hiddenFields(await page.text()), user: userId, decision });
  const location = answered.headers.get('location');
  if (answered.status !== 302 || !location) throw new Error(`the consent answered ${answered.status}, not a redirect`);
  return location;
}
