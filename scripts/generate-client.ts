import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderRouteTable } from '../src/client/route-table';
import { renderSdkFiles } from './sdks';

// Writes everything generated from the operation declarations: the typed client's route table (it carries a plain
// table instead of importing the declarations, and zod, at run time) and the Python and Go client libraries. Run
// after adding or changing an operation. `--out DIR` writes the same files under DIR instead of the repository
// (the test compares such a copy with the committed files).
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const root = outAt >= 0 && args[outAt + 1] ? path.resolve(args[outAt + 1]) : path.resolve(__dirname, '../..');

const files: Record<string, string> = { 'src/client/routes.generated.ts': renderRouteTable(), ...renderSdkFiles() };
for (const [relative, content] of Object.entries(files)) {
  const target = path.join(root, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}
