#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { AgentdexClient, APIError, CLIENT_VERSION } from '../client';
import type { Operation } from '../operations';
import { renderText } from '../render/text';
import { addAdminCommands } from './admin';
import { addCommand, commandGroups } from './commands';
import { ExitCode, exitCodeFor } from './exit-codes';
import { buildInput } from './inputs';
import { cliStyle, colourEnabled, type Terminal, withSpinner } from './output';

interface GlobalOptions {
  baseUrl?: string;
  key?: string;
  json?: boolean;
}

const DEFAULT_BASE_URL = 'http://localhost:3000';

/** The key: --key, then AGENTDEX_API_KEY, then the older ASI_API_KEY. */
export function apiKeyFrom(o: GlobalOptions, env: NodeJS.ProcessEnv): string | undefined {
  return o.key || env.AGENTDEX_API_KEY || env.ASI_API_KEY || undefined;
}

/** Builds the `agentdex` program: every declared command, plus the operators' `admin` commands. */
export function buildProgram(t: Terminal): Command {
  const program = new Command('agentdex')
    .description('Agentdex from the command line: which tools fit a task, how agent-ready they are, and your workspace.')
    .version(CLIENT_VERSION)
    .option('--base-url <url>', `API base URL (env AGENTDEX_BASE_URL, default ${DEFAULT_BASE_URL})`)
    .option('--key <key>', 'API key (env AGENTDEX_API_KEY, fallback ASI_API_KEY)')
    .option('--json', 'print the REST JSON alone on stdout')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => t.stdout.write(s), writeErr: (s) => t.stderr.write(s) });
  program.addHelpText('after', '\nExit codes: 0 ok, 1 unexpected, 2 usage, 3 auth, 4 quota, limit or trial, 5 server or unreachable.\n');

  const run = async (op: Operation, values: Record<string, unknown>, view?: string) => {
    const o = program.opts<GlobalOptions>();
    const input = buildInput(op, values);
    const client = new AgentdexClient({
      baseUrl: o.baseUrl ?? t.env.AGENTDEX_BASE_URL ?? DEFAULT_BASE_URL,
      apiKey: apiKeyFrom(o, t.env),
      headers: { 'x-agentdex-source': 'cli' },
    });
    const method = (client as unknown as Record<string, (i: unknown) => Promise<unknown>>)[op.name];
    const body = await withSpinner(t, `${op.cli!.command}…`, () => method(input));
    if (o.json) {
      if (body !== undefined) t.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    } else {
      t.stdout.write(`${renderText(op.name, body, cliStyle(colourEnabled(t)), view)}\n`);
    }
  };

  for (const group of commandGroups()) addCommand(parentFor(program, group.words), group, run);
  addAdminCommands(parentFor(program, ['admin', 'create-workspace']), t, () => program.opts<GlobalOptions>());
  return program;
}

/** The command under which the last word hangs (`keys` for `keys create`), created on first use. */
function parentFor(program: Command, words: string[]): Command {
  let parent = program;
  for (const word of words.slice(0, -1)) {
    parent = parent.commands.find((c) => c.name() === word) ?? parent.command(word).description(`${word} commands`);
  }
  return parent;
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], t: Terminal): Promise<number> {
  const program = buildProgram(t);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here too, with exit code 0; real parse errors were already printed.
      return err.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    t.stderr.write(`error: ${errorText(err)}\n`);
    return exitCodeFor(err);
  }
}

function errorText(err: unknown): string {
  if (err instanceof APIError) return err.requestId ? `${err.message} (request id ${err.requestId})` : err.message;
  return err instanceof Error ? err.message : String(err);
}

if (require.main === module) {
  main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`error: ${String(err)}\n`);
      process.exitCode = ExitCode.unexpected;
    },
  );
}
