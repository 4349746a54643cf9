import { APPS } from '@suite/contracts';
import { AppError } from '@suite/http';
import { ADMIN_USAGE, parseAdminArgs, UsageError, type AdminCommand } from './admin-commands';
import { openAdminContext } from './admin-context';
import {
  addSenderNumber,
  bootstrap,
  createCompany,
  createUser,
  describeBootstrap,
  listSenderNumbers,
  type AdminApps,
} from './admin-operations';
import { describeSeedDemo, seedDemo } from './seed-demo';

/**
 * `npm run -s admin -- <command>`: operator commands run through the apps' own code (see
 * admin-context.ts and admin-operations.ts). Only the result goes to stdout — with `--json`,
 * exactly one JSON object — so scripts can parse it; everything else goes to stderr.
 */
async function main(argv: readonly string[]): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`admin: ${error.message}\n\n${ADMIN_USAGE}\n`);
    return 2;
  }
  if (command.command === 'help') {
    process.stdout.write(`${ADMIN_USAGE}\n`);
    return 0;
  }

  // Whatever a library prints while the apps boot (TypeORM's migration log, say) is not the answer.
  for (const method of ['log', 'info', 'warn', 'debug'] as const) console[method] = console.error;

  const context = await openAdminContext();
  let output: string;
  try {
    output = await run(context, command);
  } finally {
    await context.close();
  }
  await new Promise<void>((resolve) => process.stdout.write(`${output}\n`, () => resolve()));
  return 0;
}

async function run(apps: AdminApps, command: Exclude<AdminCommand, { command: 'help' }>): Promise<string> {
  switch (command.command) {
    case 'bootstrap': {
      const result = await bootstrap(apps, {
        companyName: command.companyName,
        email: command.email,
        password: command.password,
      });
      if (command.json) return JSON.stringify(result);
      const port = (name: 'auth' | 'platform' | 'messaging', variable: string) =>
        process.env[variable] ?? String(APPS[name].defaultPort);
      return describeBootstrap(result, {
        auth: `http://127.0.0.1:${port('auth', 'AUTH_PORT')}`,
        platform: `http://127.0.0.1:${port('platform', 'PLATFORM_PORT')}`,
        messaging: `http://127.0.0.1:${port('messaging', 'MESSAGING_PORT')}`,
      });
    }
    case 'create-agency':
    case 'create-company': {
      const company = await createCompany(apps, {
        name: command.name,
        parentCompanyId: command.command === 'create-company' ? command.parent : undefined,
      });
      if (command.json) return JSON.stringify(company);
      const kind =
        command.command === 'create-agency'
          ? 'agency'
          : company.parent_company_id
            ? `company of agency ${company.parent_company_id}`
            : 'company';
      return `created ${kind} ${company.id} "${company.name}"`;
    }
    case 'create-user': {
      const user = await createUser(apps, {
        companyId: command.company,
        email: command.email,
        name: command.name,
        password: command.password,
        roleId: command.role,
        admin: command.admin,
      });
      if (command.json) return JSON.stringify(user);
      return `created user ${user.id} <${user.email}> in company ${user.company_id} with role ${user.role_id}; password ${user.password}`;
    }
    case 'add-sender-number': {
      const added = await addSenderNumber(apps, command.company, command.number, { provider: command.provider });
      if (command.json) return JSON.stringify(added);
      return `sender number ${added.number} (${added.provider}) is ${added.status} in company ${added.company_id} (warm-up from ${added.added_at})`;
    }
    case 'list-sender-numbers': {
      const numbers = await listSenderNumbers(apps, command.company);
      if (command.json) return JSON.stringify({ sender_numbers: numbers });
      if (numbers.length === 0) return `company ${command.company} has no sender number`;
      return numbers
        .map(
          (n) => `${n.number}  ${n.provider}  ${n.status}  added ${n.added_at}${n.removed_at ? `  removed ${n.removed_at}` : ''}`,
        )
        .join('\n');
    }
    case 'seed-demo': {
      const result = await seedDemo(apps, { companyId: command.company });
      return command.json ? JSON.stringify(result) : describeSeedDemo(result);
    }
  }
}

function describeError(error: unknown): string {
  if (error instanceof AppError) {
    const fields = Object.entries(error.fields)
      .filter(([, problems]) => problems.join(' ') !== error.message)
      .map(([field, problems]) => `${field}: ${problems.join(', ')}`);
    return [error.message, ...fields].join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin: ${describeError(error)}\n`);
    process.exit(1);
  },
);
