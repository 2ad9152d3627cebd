import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The `--name value` / `--name=value` / `--switch` options a command accepts (node:util parseArgs). */
export type CliOptions = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positional: string[];
}

export interface CliCommand {
  name: string;
  usage: string;
  describe: string;
  /** Options the command accepts; any other `--option` is a usage error. */
  options?: CliOptions;
  /** Returns the process exit code. */
  run(args: ParsedArgs): Promise<number>;
}

/** Parses a command's arguments strictly: unknown options and missing values throw a TypeError. */
export function parseCommandArgs(command: Pick<CliCommand, 'options'>, argv: string[]): ParsedArgs {
  const { values, positionals } = parseArgs({ args: argv, options: command.options ?? {}, allowPositionals: true, strict: true });
  return { flags: values as ParsedArgs['flags'], positional: positionals };
}
