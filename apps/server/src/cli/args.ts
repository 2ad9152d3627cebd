/** Minimal `--flag value` / `--flag=value` / `--switch` parser; positional arguments kept in order. */
export function parseArgs(argv: string[]) {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return { flags, positional };
}

export type ParsedArgs = ReturnType<typeof parseArgs>;

export interface CliCommand {
  name: string;
  usage: string;
  describe: string;
  /** Returns the process exit code. */
  run(args: ParsedArgs): Promise<number>;
}
