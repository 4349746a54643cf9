/** Whose a sender number is (messaging's SENDER_PROVIDERS; repeated here so parsing needs no app code). */
export const SENDER_PROVIDER_NAMES = ['sandbox', 'twilio', 'sendblue'] as const;
export type SenderProviderName = (typeof SENDER_PROVIDER_NAMES)[number];

/** The admin CLI's commands, parsed from argv (no I/O here, so it is unit-tested). */
export type AdminCommand =
  | { command: 'bootstrap'; json: boolean; companyName?: string; email?: string; password?: string }
  | { command: 'create-agency'; json: boolean; name: string }
  | { command: 'create-company'; json: boolean; name: string; parent?: string }
  | {
      command: 'create-user';
      json: boolean;
      company: string;
      email: string;
      name: string;
      password?: string;
      role?: string;
      admin: boolean;
    }
  | { command: 'add-sender-number'; json: boolean; company: string; number: string; provider?: SenderProviderName }
  | { command: 'list-sender-numbers'; json: boolean; company: string }
  | { command: 'seed-demo'; json: boolean; company?: string }
  | { command: 'help' };

export const ADMIN_USAGE = `usage: npm run -s admin -- <command> [options]

  bootstrap [--json] [--company-name <name>] [--email <email>] [--password <password>]
      a company with an admin user (every permission), a confidential OAuth client
      (redirect URI http://127.0.0.1:8765/callback), a personal access token (scope *),
      a workspace API key and a sender number (the first free +1 415 555 01xx) in its
      messaging pool; prints them (--json: one JSON object on stdout)
  create-agency --name <name> [--json]
  create-company --name <name> [--parent <agency id>] [--json]
  create-user --company <id> --email <email> --name <name> [--password <password>]
              (--role <role id> | --admin) [--json]
      --admin gives the company's Admin role (every permission), created when missing;
      without --password one is generated and printed
  add-sender-number --company <id> --number <phone> [--provider sendblue|twilio] [--json]
      adds the number (E.164 or 10-digit US) to the company's messaging sender pool,
      or brings a removed one back; a number belongs to one company. --provider says
      whose it is (a Sendblue iMessage line or a Twilio number); default: the kind of
      MESSAGING_CARRIER; required with MESSAGING_CARRIER=sendblue+twilio
  list-sender-numbers --company <id> [--json]
  seed-demo [--company <id>] [--json]
      a realistic, deterministic last month for a demo (default: the first company with
      an admin user, the one bootstrap made): ~300 leads, their appointments, 2 AI agents,
      ~750 calls, ~900 outbound texts, facebook and google ad accounts. Backdated rows
      go straight into the tables and emit no contact/call events (no workflow or
      webhook fires); the texts reach the dashboard through messaging's events.
      Refused when the company already has demo data

Uses DATABASE_URL, else the embedded database of npm start (running or not).`;

export class UsageError extends Error {}

const ID = /^[1-9][0-9]{0,17}$/;

const FLAGS: Record<Exclude<AdminCommand['command'], 'help'>, { values: string[]; switches: string[] }> = {
  bootstrap: { values: ['company-name', 'email', 'password'], switches: ['json'] },
  'create-agency': { values: ['name'], switches: ['json'] },
  'create-company': { values: ['name', 'parent'], switches: ['json'] },
  'create-user': { values: ['company', 'email', 'name', 'password', 'role'], switches: ['json', 'admin'] },
  'add-sender-number': { values: ['company', 'number', 'provider'], switches: ['json'] },
  'list-sender-numbers': { values: ['company'], switches: ['json'] },
  'seed-demo': { values: ['company'], switches: ['json'] },
};

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (!(command in FLAGS)) throw new UsageError(`unknown command "${command}"`);
  const name = command as keyof typeof FLAGS;
  const { values, switches } = parseFlags(name, rest, FLAGS[name]);
  const json = switches.has('json');
  const need = (flag: string): string => {
    const value = values.get(flag);
    if (value === undefined || value.trim() === '') throw new UsageError(`${name} needs --${flag}`);
    return value;
  };
  const id = (flag: string, value: string): string => {
    if (!ID.test(value)) throw new UsageError(`--${flag} must be a numeric id, not "${value}"`);
    return value;
  };

  switch (name) {
    case 'bootstrap':
      return {
        command: name,
        json,
        companyName: values.get('company-name'),
        email: values.get('email'),
        password: values.get('password'),
      };
    case 'create-agency':
      return { command: name, json, name: need('name') };
    case 'create-company': {
      const parent = values.get('parent');
      return { command: name, json, name: need('name'), parent: parent === undefined ? undefined : id('parent', parent) };
    }
    case 'create-user': {
      const role = values.get('role');
      const admin = switches.has('admin');
      if (role !== undefined && admin) throw new UsageError('create-user takes --role <id> or --admin, not both');
      if (role === undefined && !admin) throw new UsageError('create-user needs --role <id> or --admin');
      return {
        command: name,
        json,
        company: id('company', need('company')),
        email: need('email'),
        name: need('name'),
        password: values.get('password'),
        role: role === undefined ? undefined : id('role', role),
        admin,
      };
    }
    case 'add-sender-number': {
      const provider = values.get('provider');
      if (provider !== undefined && !(SENDER_PROVIDER_NAMES as readonly string[]).includes(provider))
        throw new UsageError(`--provider must be one of ${SENDER_PROVIDER_NAMES.join(', ')}, not "${provider}"`);
      return {
        command: name,
        json,
        company: id('company', need('company')),
        number: need('number'),
        ...(provider === undefined ? {} : { provider: provider as SenderProviderName }),
      };
    }
    case 'list-sender-numbers':
      return { command: name, json, company: id('company', need('company')) };
    case 'seed-demo': {
      const company = values.get('company');
      return { command: name, json, company: company === undefined ? undefined : id('company', company) };
    }
  }
}

function parseFlags(
  command: string,
  args: readonly string[],
  allowed: { values: string[]; switches: string[] },
): { values: Map<string, string>; switches: Set<string> } {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}" for ${command}`);
    const eq = arg.indexOf('=');
    const flag = arg.slice(2, eq === -1 ? undefined : eq);
    if (allowed.switches.includes(flag)) {
      if (eq !== -1) throw new UsageError(`--${flag} takes no value`);
      switches.add(flag);
    } else if (allowed.values.includes(flag)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${flag} needs a value`);
      if (values.has(flag)) throw new UsageError(`--${flag} given twice`);
      values.set(flag, value);
    } else {
      throw new UsageError(`unknown option --${flag} for ${command}`);
    }
  }
  return { values, switches };
}
