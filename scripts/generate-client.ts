import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderRouteTable } from '../src/client/route-table';

// The typed client carries a plain route table instead of importing the declarations (and zod) at run
// time; this writes it from the declarations. Run after adding or changing an operation.
const target = path.resolve(__dirname, '../../src/client/routes.generated.ts');
writeFileSync(target, renderRouteTable());
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
