import { operationList, pathParams, type Operation } from '../operations';

/** What the client needs to send an operation; nothing else (no schemas) is needed at run time. */
export interface ClientRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** Input fields substituted into the path. */
  params: string[];
  /** Where the other input fields go. */
  in: 'query' | 'body';
  /** A metered primitive: one Idempotency-Key per call, reused on its retries. */
  metered: boolean;
}

export function clientRoute(op: Operation): ClientRoute {
  const method = op.rest.method.toUpperCase() as ClientRoute['method'];
  return {
    method,
    path: op.rest.path,
    params: pathParams(op.rest.path),
    in: method === 'POST' || method === 'PATCH' ? 'body' : 'query',
    metered: op.runs === 'workflow',
  };
}

/** The route table derived from the declarations; `routes.generated.ts` must equal it (a test checks). */
export function clientRouteTable(): Record<string, ClientRoute> {
  return Object.fromEntries(operationList.map((op) => [op.name, clientRoute(op)]));
}

/** The source of `routes.generated.ts`. */
export function renderRouteTable(): string {
  const quote = (s: string) => `'${s}'`;
  const lines = Object.entries(clientRouteTable()).map(
    ([name, r]) =>
      `  ${name}: { method: ${quote(r.method)}, path: ${quote(r.path)}, params: [${r.params.map(quote).join(', ')}], in: ${quote(r.in)}, metered: ${r.metered} },`,
  );
  return [
    '// Generated from src/operations by `npm run generate:client`; do not edit. A test fails when it is stale.',
    "import type { ClientRoute } from './route-table';",
    '',
    'export const ROUTES: Record<string, ClientRoute> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
