import { createAdminCommand, migrateCommand } from './cli/admin';
import { parseCommandArgs, type CliCommand, type ParsedArgs } from './cli/args';
import { seedDemoCommand } from './cli/seed';
import { ingestNewsCommand } from './cli/news';
import { importPricesCommand } from './cli/import-prices';
import { ConfigError } from './config';

const commands: CliCommand[] = [migrateCommand, createAdminCommand, seedDemoCommand, ingestNewsCommand, importPricesCommand];

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
