/**
 * What the first `npm start` on an empty database (and `npm run -s admin -- bootstrap --json`)
 * prints and keeps in `.data/bootstrap.json`: scripts and tests read it, so its shape is a contract.
 */
export interface BootstrapOutput {
  company_id: string;
  user: { id: string; email: string; password: string };
  oauth_client: { client_id: string; client_secret: string; redirect_uri: string };
  personal_access_token: string;
  api_key: string;
  /** The workspace's first sender number, so the API key can send at once. */
  sender_number: string;
}
