import type { AttackContext, BaseValues } from './attack-classes';
import type { LaunchedSuite } from './launched-suite';
import type { RouteSpec } from './route-catalog';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of four APIs, read field by field
type AnyBody = any;

/**
 * Real rows for the attack to aim at: with a real id in the path, an attack on the body reaches
 * the code behind the 404 (`"password": null` on an existing user reaches code a 404 never does;
 * decision 0022). Everything is created through the public APIs with the bootstrap
 * credentials, as any customer could. Routes this does not know get sample values from their
 * schema, so a route added later is attacked too, only less deeply.
 */
export async function prepareTargets(suite: LaunchedSuite): Promise<AttackContext> {
  const { bases, credentials, internalToken } = suite;
  const bearer = { authorization: `Bearer ${credentials.personal_access_token}` };
  const apiKey = { 'x-api-key': credentials.api_key };
  const internal = { 'x-internal-token': internalToken };
  const call = async (
    base: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<AnyBody> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const company = credentials.company_id;
  const recipient = '+12125550123';

  const message = await call(bases.messaging, 'POST', '/v1/messages', apiKey, { to: recipient, message: 'hostile base' });
  const domain = await call(bases.messaging, 'POST', '/v1/email/domains', apiKey, { name: 'hostile.example.test' });
  const mailbox = await call(bases.messaging, 'POST', `/v1/email/domains/${domain.id}/mailboxes`, apiKey, {
    local_part: 'sales',
  });
  const spareSender = '+14155550199';
  await call(bases.messaging, 'POST', `/internal/workspaces/${company}/sender-numbers`, internal, { number: spareSender });

  const client = await call(bases.auth, 'POST', '/oauth/clients', bearer, {
    name: 'Hostile target',
    redirect_uri: 'https://example.com/callback',
    confidential: true,
  });
  const token = await call(bases.auth, 'POST', '/oauth/personal-access-tokens', bearer, {
    name: 'hostile target',
    scopes: ['view-users'],
  });
  const key = await call(bases.auth, 'POST', '/oauth/api-keys', bearer, { name: 'hostile target' });

  const role = await call(bases.platform, 'POST', '/api/roles', bearer, { name: 'Hostile target', permissions: ['view-users'] });
  const user = await call(bases.platform, 'POST', '/api/users', bearer, {
    name: 'Hostile Target',
    email: 'hostile-target@example.com',
    password: 'hostile-password',
    role_id: Number(role.data.id),
  });
  const team = await call(bases.platform, 'POST', '/api/teams', bearer, { name: 'Hostile target' });
  const pipeline = await call(bases.platform, 'POST', '/api/pipeline', bearer, {
    name: 'Hostile target',
    stages: ['New', 'Won'],
  });
  const [newStage, wonStage] = pipeline.data.stages as Array<{ id: string }>;
  const contactBody = { first_name: 'Hostile', pipeline_id: pipeline.data.id, stage_id: newStage!.id };
  const contact = await call(bases.platform, 'POST', '/api/contacts', bearer, contactBody);
  const list = await call(bases.platform, 'POST', '/api/lists', bearer, {
    name: 'Hostile target',
    contact_ids: [contact.data.id],
  });
  const appointmentBody = {
    contact_id: contact.data.id,
    title: 'Hostile target',
    starts_at: '2030-01-02T15:00:00Z',
    ends_at: '2030-01-02T15:30:00Z',
  };
  const appointment = await call(bases.platform, 'POST', '/api/appointments', bearer, appointmentBody);
  // Two offers of the sandbox (Orlando): one bought to aim at, one token left for the purchase route's body.
  const numberSearch = { provider: 'Carrier', areaCode: '407' };
  const offers = await call(
    bases.platform,
    'GET',
    `/api/phone-numbers/search-available?${new URLSearchParams(numberSearch)}`,
    bearer,
  );
  const [offer, spareOffer] = offers.data.records as Array<{ purchase_token: string }>;
  const phoneNumber = await call(bases.platform, 'POST', '/api/phone-numbers/purchase', bearer, {
    purchase_token: offer!.purchase_token,
  });
  const agentBody = { name: 'Hostile target', performance: { min_success_rate: 0.5, window: 10 } };
  const agent = await call(bases.platform, 'POST', '/api/agents', bearer, agentBody);
  const spamNumber = await call(bases.platform, 'POST', '/api/spam-protected-numbers', bearer, { pnumber: '+13125550188' });
  // Google: the body's attacks connect facebook (one account per provider per company).
  const adAccount = await call(bases.platform, 'POST', '/api/ad-accounts', bearer, {
    provider: 'google',
    account_id: '123-456-7801',
  });
  // A grant of the company at the sandbox ad platform (its consent page approves at once), and one
  // consent left under way: the callback's attacks aim at a real state (the first one uses it up).
  const consentUrl = async () => {
    const started = await fetch(`${bases.platform}/api/ad-accounts/connect/facebook`, { headers: bearer, redirect: 'manual' });
    const location = started.headers.get('location');
    if (started.status !== 302 || !location) throw new Error(`GET /api/ad-accounts/connect/facebook answered ${started.status}`);
    return new URL(location);
  };
  const consentPage = await consentUrl();
  const approved = await fetch(`${bases.platform}${consentPage.pathname}${consentPage.search}`, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '/missing', bases.platform);
  await call(bases.platform, 'GET', callback.pathname + callback.search, {});
  const pendingConsent = await consentUrl();
  const campaignBody = {
    name: 'Hostile target',
    list_id: list.data.id,
    caller_number: phoneNumber.data.phone_number,
    calling_window: { start: '09:00', end: '17:00' },
  };
  const campaign = await call(bases.platform, 'POST', '/api/campaigns', bearer, campaignBody);
  const workflowGraph = {
    triggers: [{ id: 't1', type: 'contact_created', config: {} }],
    actions: [{ id: 'a1', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}' } }],
    edges: [{ from: 't1', to: 'a1' }],
  };
  const workflowBody = { name: 'Hostile target', trigger_config: workflowGraph };
  const workflow = await call(bases.platform, 'POST', '/api/Workflow/create', bearer, workflowBody);
  const workflowFolder = await call(bases.platform, 'POST', '/api/Workflow/folder', bearer, { f_name: 'Hostile target' });
  const workflowPackage = await call(bases.platform, 'GET', `/api/Workflow/export/${workflow.data.id}`, bearer);
  // An active workflow with a Run Now trigger, for the manual-run route (its runs end at once).
  const runnable = await call(bases.platform, 'POST', '/api/Workflow/create', bearer, {
    name: 'Hostile runnable',
    trigger_config: {
      triggers: [{ id: 't1', type: 'run_now', config: {} }],
      actions: [{ id: 'a1', type: 'end', config: {} }],
      edges: [{ from: 't1', to: 'a1' }],
    },
  });
  await call(bases.platform, 'PUT', `/api/Workflow/status/${runnable.data.id}`, bearer, { status: 'active' });
  // A real list of the company, so attacks on the other fields get past the list's check (decision 0036).
  const webhookBody = {
    title: 'Hostile target',
    url: 'http://127.0.0.1:9/hooks',
    events: ['sms.sent'],
    list_id: list.data.id,
    fields: ['contact_phone'],
  };
  const webhook = await call(bases['webhook-dispatch'], 'POST', '/api/webhooks', bearer, webhookBody);
  const delivery = await call(bases['webhook-dispatch'], 'POST', `/api/webhooks/${webhook.data.id}/test`, bearer, {
    event: 'sms.sent',
  });

  const oauth = credentials.oauth_client;
  const authorizeQuery = {
    response_type: 'code',
    client_id: oauth.client_id,
    redirect_uri: oauth.redirect_uri,
    scope: '*',
    state: 'hostile',
    code_challenge: 'c'.repeat(43),
    code_challenge_method: 'S256',
  };
  const loginPage = await fetch(`${bases.auth}/login/oauth/authorize?${new URLSearchParams(authorizeQuery)}`, {
    redirect: 'manual',
  });
  if (loginPage.status !== 200)
    throw new Error(`the login page answered ${loginPage.status} ${loginPage.headers.get('location')}`);
  const cookie = (loginPage.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await loginPage.text())?.[1] ?? 'missing';

  /** Base values by route template; `{id}` means different things on different routes. */
  const bases_: Record<string, BaseValues> = {
    'messaging /v1/messages': {
      body: {
        to: recipient,
        message: 'hostile',
        first_name: 'Hostile',
        attachments: ['https://example.com/a.png'],
        effect: 'confetti',
      },
    },
    'messaging /v1/messages/{id}': { path: { id: message.id } },
    'messaging /v1/messages/list': { query: { to: recipient } },
    'messaging /v1/conversations/{phone}': { path: { phone: recipient } },
    'messaging /v1/contacts/{phone}': { path: { phone: recipient } },
    'messaging /v1/email/domains/{id}': { path: { id: domain.id } },
    'messaging /v1/email/domains/{id}/mailboxes': {
      path: { id: domain.id },
      body: { local_part: 'support', display_name: 'Support' },
    },
    'messaging /v1/email/mailboxes/{id}': { path: { id: mailbox.id } },
    'messaging /v1/emails': {
      body: {
        domain_id: domain.id,
        mailbox_id: mailbox.id,
        to: 'lead@example.com',
        subject: 'Hi',
        text: 'Hello',
        request_key: 'hostile-1',
        attachments: [{ filename: 'a.txt', content_type: 'text/plain', content: 'aGk=' }],
      },
    },
    'messaging /internal/workspaces/{company_id}/sender-numbers': {
      path: { company_id: company },
      body: { number: '+14155550198' },
    },
    'messaging /internal/workspaces/{company_id}/sender-numbers/{number}': { path: { company_id: company, number: spareSender } },
    'messaging /internal/workspaces/{company_id}/settings': { path: { company_id: company } },
    'messaging /v1/carrier/callbacks/{carrier}': {
      path: { carrier: 'sandbox' },
      body: {
        kind: 'inbound',
        carrier_message_id: 'hostile-1',
        from: recipient,
        to: credentials.sender_number,
        body: 'hello',
        at: '2031-01-01T00:00:00Z',
      },
    },
    'messaging /v1/sandbox/inbound': {
      body: { from: recipient, to: credentials.sender_number, body: 'hello' },
      blankAllowed: ['body'],
    },
    'auth /oauth/clients/{clientId}': { path: { clientId: client.data?.client_id ?? client.client_id } },
    'auth /oauth/clients/{clientId}/secret': { path: { clientId: client.data?.client_id ?? client.client_id } },
    'auth /internal/oauth-clients/{clientId}': { path: { clientId: client.data?.client_id ?? client.client_id } },
    'auth /internal/oauth-clients/{clientId}/secret': { path: { clientId: client.data?.client_id ?? client.client_id } },
    'auth /internal/oauth-clients': {
      body: { name: 'Internal hostile', redirect_uri: 'https://example.com/cb', confidential: true, company_id: company },
    },
    'auth /oauth/personal-access-tokens/{id}': { path: { id: token.data?.id ?? token.id } },
    'auth /oauth/api-keys/{id}': { path: { id: key.data?.id ?? key.id } },
    'auth /oauth/token': {
      body: {
        grant_type: 'authorization_code',
        code: 'hostile',
        client_id: oauth.client_id,
        client_secret: oauth.client_secret,
        redirect_uri: oauth.redirect_uri,
        code_verifier: 'v'.repeat(43),
      },
    },
    'auth /oauth/token/refresh': {
      body: {
        grant_type: 'refresh_token',
        refresh_token: 'hostile',
        client_id: oauth.client_id,
        client_secret: oauth.client_secret,
        redirect_uri: oauth.redirect_uri,
      },
    },
    'auth /login/oauth/authorize': { query: authorizeQuery },
    'auth /login/oauth/login': {
      body: { ...authorizeQuery, csrf_token: csrf, email: credentials.user.email, password: 'not-the-password' },
    },
    'auth /login/oauth/choose': { body: { ...authorizeQuery, csrf_token: csrf, user_id: String(credentials.user.id) } },
    'auth /login/oauth/consent': { body: { ...authorizeQuery, csrf_token: csrf, decision: 'deny' } },
    'platform /internal/companies/{id}': { path: { id: company } },
    'platform /api/roles/{id}': {
      path: { id: String(role.data.id) },
      body: { name: 'Hostile target', permissions: ['view-users'] },
    },
    'platform /api/roles/delete/{id}': { path: { id: String(role.data.id) } },
    'platform /api/users': {
      body: { name: 'Hostile', email: 'hostile-new@example.com', password: 'hostile-password', role_id: Number(role.data.id) },
    },
    'platform /api/users/{id}': {
      path: { id: String(user.data.id) },
      body: {
        name: 'Hostile Target',
        email: 'hostile-target@example.com',
        role_id: Number(role.data.id),
        password: 'hostile-password-2',
      },
    },
    'platform /api/users/update/{id}': {
      path: { id: String(user.data.id) },
      body: { name: 'Hostile Target', email: 'hostile-target@example.com', role_id: Number(role.data.id) },
    },
    'platform /api/users/delete/{id}': { path: { id: String(user.data.id) } },
    'platform /api/users/{id}/login-as': { path: { id: String(user.data.id) } },
    'platform /api/teams': { body: { name: 'Hostile', members: [{ user_id: Number(user.data.id), manager: true }] } },
    'platform /api/teams/{id}/members': { path: { id: String(team.data.id) } },
    'platform /api/teams/{id}': { path: { id: String(team.data.id) } },
    'platform /api/teams/delete/{id}': { path: { id: String(team.data.id) } },
    'platform /api/pipeline': { body: { name: 'Hostile', stages: ['New', 'Won'] } },
    'platform /api/pipeline/{id}/contacts': { path: { id: pipeline.data.id }, query: { stage_id: newStage!.id } },
    'platform /api/pipeline/contacts': { query: { pipeline_id: pipeline.data.id, stage_id: newStage!.id } },
    'platform /api/pipeline/contact/move-stage': { body: { contact_id: contact.data.id, stage_id: wonStage!.id } },
    'platform /api/pipeline/stages/update/{id}': { path: { id: wonStage!.id }, body: { stage_name: 'Hostile' } },
    'platform /api/pipeline/{id}': { path: { id: pipeline.data.id } },
    'platform /api/pipeline/delete/{id}': { path: { id: pipeline.data.id } },
    'platform /api/contacts': { body: contactBody },
    'platform /api/contacts/{id}': { path: { id: contact.data.id }, body: { last_name: 'Target' } },
    'platform /api/lists': { body: { name: 'Hostile', contact_ids: [contact.data.id] } },
    'platform /api/lists/{id}/contacts': { path: { id: list.data.id }, body: { contact_ids: [contact.data.id] } },
    'platform /api/lists/{id}/contacts/{contact_id}': { path: { id: list.data.id, contact_id: contact.data.id } },
    'platform /api/lists/{id}': { path: { id: list.data.id } },
    'platform /api/appointments': { body: appointmentBody, query: { date_from: '2030-01-01', date_to: '2030-01-31' } },
    'platform /api/appointments/{id}': { path: { id: appointment.data.id } },
    'platform /api/phone-numbers/search-available': { query: numberSearch },
    'platform /api/phone-numbers/purchase': { body: { purchase_token: spareOffer!.purchase_token } },
    'platform /api/phone-numbers': { query: { search: '407' } },
    'platform /api/phone-numbers/{id}': { path: { id: String(phoneNumber.data.id) }, body: { nickname: 'Hostile' } },
    'platform /api/agents': { body: agentBody },
    'platform /api/agents/{id}': { path: { id: String(agent.data.id) }, body: agentBody },
    'platform /api/agents/{id}/status': { path: { id: String(agent.data.id) }, body: { status: 'online' } },
    'platform /api/phone-numbers/dsi-agents': { query: { q: 'Hostile', page: '1' } },
    'platform /api/phone-numbers/{id}/agent': { path: { id: String(phoneNumber.data.id) }, body: { agent_id: agent.data.id } },
    'platform /api/spam-protected-numbers': { body: { pnumber: '+13125550177' }, query: { status: 'All', type: 'Custom' } },
    'platform /api/spam-protected-numbers/{id}': { path: { id: String(spamNumber.data.id) }, body: { pnumber: '+13125550166' } },
    'platform /api/spam-protected-numbers/update/{id}': {
      path: { id: String(spamNumber.data.id) },
      body: { pnumber: '+13125550155' },
    },
    'platform /api/spam-protected-numbers/{id}/check': { path: { id: String(spamNumber.data.id) } },
    'platform /api/ad-accounts': { body: { provider: 'facebook', account_id: 'act_4242' } },
    'platform /api/ad-accounts/{id}': { path: { id: String(adAccount.data.id) } },
    'platform /api/ad-accounts/connect/{provider}': { path: { provider: 'facebook' } },
    'platform /api/ad-accounts/connect/{provider}/accounts': { path: { provider: 'facebook' } },
    'platform /api/ad-accounts/callback/{provider}': {
      path: { provider: 'facebook' },
      query: { code: 'sandbox-code-hostile', state: pendingConsent.searchParams.get('state')! },
    },
    'platform /api/sandbox/ad-consent/{provider}': {
      path: { provider: 'facebook' },
      query: Object.fromEntries(pendingConsent.searchParams),
    },
    'platform /api/pipeline/stages/{id}/dispositions': { path: { id: wonStage!.id }, body: { dispositions: ['interested'] } },
    'platform /api/sandbox/calls': {
      body: { direction: 'outbound', from_number: '+12125550100', to_number: recipient, answered: true, duration_seconds: 30 },
    },
    'platform /api/voice/callbacks/{provider}': {
      path: { provider: 'sandbox' },
      body: { kind: 'answered', call_id: 'hostile-1', at: '2031-01-01T00:00:00Z', context: { company_id: String(company) } },
    },
    'platform /api/campaigns': { body: campaignBody },
    'platform /api/campaigns/{id}': { path: { id: campaign.data.id } },
    'platform /api/campaigns/{id}/start': { path: { id: campaign.data.id } },
    'platform /api/campaigns/{id}/stop': { path: { id: campaign.data.id } },
    'platform /api/campaigns/{id}/call-attempts': { path: { id: campaign.data.id } },
    'platform /api/Workflow/create': { body: workflowBody },
    'platform /api/Workflow': { query: { status: 'draft', folder_id: workflowFolder.data.id } },
    'platform /api/Workflow/builder/{id}': { path: { id: workflow.data.id }, body: workflowBody },
    'platform /api/Workflow/status/{id}': { path: { id: workflow.data.id }, body: { status: 'inactive' } },
    'platform /api/Workflow/{id}': { path: { id: workflow.data.id } },
    'platform /api/Workflow/{id}/run': { path: { id: runnable.data.id }, body: { contact_ids: [contact.data.id] } },
    'platform /api/Workflow/export/{id}': { path: { id: workflow.data.id } },
    'platform /api/Workflow/builder/{id}/export': { path: { id: workflow.data.id } },
    'platform /api/Workflow/import': { body: workflowPackage },
    'platform /api/Workflow/builder/import': { body: workflowPackage },
    'platform /api/Workflow/catalog/actions': { query: { category: 'Messaging' } },
    'platform /api/Workflow/folder': { body: { f_name: 'Hostile' } },
    'platform /api/Workflow/folder/update/{id}': { path: { id: workflowFolder.data.id }, body: { f_name: 'Hostile' } },
    'platform /api/Workflow/folder/{id}': { path: { id: workflowFolder.data.id } },
    'platform /api/Workflow/execution-log': { query: { workflow_id: workflow.data.id, status: 'All', trigger_type: 'All' } },
    'platform /api/company/settings': { body: { timezone: 'America/Chicago', week_start: 'sunday' } },
    'webhook-dispatch /api/webhooks': { body: webhookBody },
    'webhook-dispatch /api/webhooks/{id}': { path: { id: webhook.data.id }, body: webhookBody },
    'webhook-dispatch /api/webhooks/{id}/rotate-secret': { path: { id: webhook.data.id } },
    'webhook-dispatch /api/webhooks/{id}/deliveries': { path: { id: webhook.data.id } },
    'webhook-dispatch /api/webhooks/{id}/test': { path: { id: webhook.data.id }, body: { event: 'sms.sent' } },
    'webhook-dispatch /api/webhooks/deliveries/{delivery_id}': { path: { delivery_id: delivery.data.id } },
    'webhook-dispatch /api/webhooks/deliveries/{delivery_id}/replay': { path: { delivery_id: delivery.data.id } },
  };

  return {
    credentials: (route: RouteSpec): Record<string, string> => {
      if (route.app === 'auth' && route.path.startsWith('/login/oauth/') && route.method === 'POST') return { cookie };
      switch (route.security) {
        case 'api-key':
          return apiKey;
        case 'bearer':
          return bearer;
        case 'internal-token':
          return internal;
        default:
          return {};
      }
    },
    base: (route: RouteSpec): BaseValues => bases_[`${route.app} ${route.path}`] ?? {},
  };
}
