import { parseCommandArgs, type CliCommand, type ParsedArgs } from './cli/args';
import { ConfigError } from './config';

// Each command loads only its own modules: `import-prices` needs neither the HTTP server nor the
// other modules' jobs, and loading them all was most of a short command's time.
const commands: Record<string, () => Promise<CliCommand>> = {
  migrate: async () => (await import('./cli/admin')).migrateCommand,
  'create-admin': async () => (await import('./cli/admin')).createAdminCommand,
  'seed-demo': async () => (await import('./cli/seed')).seedDemoCommand,
  'ingest-news': async () => (await import('./cli/news')).ingestNewsCommand,
  'import-prices': async () => (await import('./cli/import-prices')).importPricesCommand,
  sanctions: async () => (await import('./cli/sanctions')).sanctionsCommand,
};

async function printUsage() {
  console.log('Usage: npm run fueldesk -- <command> [options]\n');
  for (const load of Object.values(commands)) {
    const command = await load();
    console.log(`  ${command.usage.padEnd(60)} ${command.describe}`);
  }
}

async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    await printUsage();
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  const command = await load();
  let args: ParsedArgs;
  try {
    args = parseCommandArgs(command, rest);
  } catch (error) {
    // node:util parseArgs names the unknown option or the missing value.
    console.error(`${(error as Error).message}\nUsage: npm run fueldesk -- ${command.usage}`);
    return 2;
  }
  return command.run(args);
}

runCli(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
