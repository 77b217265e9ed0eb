import { z } from './zod';

export const ErrorSchema = z
  .object({
    error: z.string().meta({ description: 'Human-readable message naming the field or condition' }),
  })
  .passthrough()
  .openapi('Error');

export const HealthSchema = z.object({ ok: z.boolean(), error: z.string().optional() }).passthrough().openapi('Health');

/**
 * Free text of at most `max` characters with something other than white space in it and no NUL (which
 * Postgres text cannot hold), trimmed. Length and pattern are checked on what was sent, so the published
 * schema (maxLength, pattern) is exactly the rule.
 */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
    .regex(/^[^\u0000]*[^\s\u0000][^\u0000]*$/, 'must not be blank or contain NUL characters')
    .trim();

/** A registry slug (products, categories): letters, digits and hyphens; matched case-insensitively. */
export const Slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'must be a registry slug (letters, digits and hyphens)')
  .toLowerCase();

/** A UUID in its 8-4-4-4-12 hexadecimal form, any version (Postgres accepts them all). */
/** An email address as browsers accept it in <input type=email>, at most 320 characters (RFC 5321). */
export const Email = z.email({ pattern: z.regexes.html5Email }).max(320);

export const Guid = z.guid().meta({ format: 'uuid' });

/**
 * An integer as a query string (or a path) carries it: digits and an optional minus, nothing else.
 * `z.coerce.number()` read "" and " " as 0 and "1e2" as 100, so `?minScore=` passed as 0 instead of failing;
 * anything else stays what it was and fails as "expected number". Numbers (the MCP and client doors send
 * JSON) pass as they are.
 */
const integerFromText = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** An integer query parameter, e.g. `queryInteger(z.number().int().min(0))`: bounds and default as for a number. */
export const queryInteger = <T extends z.ZodNumber>(schema: T) => z.preprocess(integerFromText, schema);

/** Any integer from `min` up; values beyond `clampTo` are taken as `clampTo` rather than refused. */
export const clampedInteger = (o: { min: number; clampTo: number; default: number; description: string }) =>
  queryInteger(z.number().refine(Number.isInteger, 'must be an integer').min(o.min))
    .default(o.default)
    .transform((n) => Math.min(n, o.clampTo))
    .meta({ type: 'integer', minimum: o.min, description: o.description, default: o.default });
