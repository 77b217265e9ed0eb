import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end with pipes (no terminal), collecting what it printed. */
export function runCommand(program: string, args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: o.env ?? process.env, cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
