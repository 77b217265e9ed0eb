import type { z } from 'zod';
import { badRequest } from '../errors';
import { fieldIssues } from '../schemas/issues';

export type InputLocation = 'query' | 'params' | 'body' | 'headers';

/** Parse one part of a request; a failure is a 400 whose message names each field and its rule. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: InputLocation): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = fieldIssues(result.error, value).map((i) => ({ field: [where, ...i.path].join('.'), message: i.message }));
  const error = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  throw badRequest(`Invalid request: ${error}`, { details });
}
