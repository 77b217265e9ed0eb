import type { z } from 'zod';
import { HttpError } from './errors';

export type InputLocation = 'query' | 'params' | 'body';

/** Parse one part of a request; a failure is a 400 whose message names each field and its rule. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: InputLocation): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].join('.'),
    message: describeIssue(issue, value),
  }));
  const error = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  throw new HttpError(400, `Invalid request: ${error}`, { details });
}

function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  if (issue.code === 'invalid_type' && valueAt(root, issue.path) === undefined) return 'is required';
  return issue.message;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
