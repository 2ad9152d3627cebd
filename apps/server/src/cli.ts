import { createAdminCommand, migrateCommand } from './cli/admin';
import { parseArgs, type CliCommand } from './cli/args';
import { seedDemoCommand } from './cli/seed';
import { ingestNewsCommand } from './cli/news';
import { importPricesCommand } from './cli/import-prices';
import { sanctionsCommand } from './cli/sanctions';
import { ConfigError } from './config';

const commands: CliCommand[] = [migrateCommand, createAdminCommand, seedDemoCommand, ingestNewsCommand, importPricesCommand, sanctionsCommand];

function printUsage() {
  console.log('Usage: npm run fueldesk -- <command> [options]\n');
  for (const command of commands) console.log(`  ${command.usage.padEnd(60)} ${command.describe}`);
}

async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    printUsage();
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  return command.run(parseArgs(rest));
}

runCli(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
