/**
 * The tail of a child process's output, kept so that when the child dies the failure can show what it
 * said last: a few lines, not pages.
 */
export class RecentOutput {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly keep = 200) {}

  push(chunk: string | Buffer): void {
    const parts = (this.partial + chunk.toString()).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) this.lines.push(line);
    if (this.lines.length > this.keep) this.lines.splice(0, this.lines.length - this.keep);
  }

  /** The last `n` non-empty lines, indented; overlong lines are cut. */
  last(n = 8): string {
    const all = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    if (!all.length) return '  (no output)';
    return all
      .slice(-n)
      .map((line) => `  ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`)
      .join('\n');
  }
}
