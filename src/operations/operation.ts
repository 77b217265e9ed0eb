import type { z, ZodObject, ZodType } from 'zod';
import type { EventType } from '../domain/plans';

/** Who may call: anyone; anyone, metered (a key, or the anonymous trial); or a key only. */
export type Access = 'open' | 'metered' | 'key';

/** How the REST door exposes an operation. Path parameters are the input fields named in `path`. */
export interface RestBinding {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI form, e.g. /v1/profile/{slug}. */
  path: string;
  tag: string;
  /** Success status; 200 unless given. */
  status?: 200 | 201 | 202 | 204;
  /**
   * Serve repeats from the API's short-lived response cache (open reads only), and with `maxAge`, let
   * clients and CDNs keep the answer that many seconds (Cache-Control).
   */
  cache?: { maxAge?: number };
  /** Error statuses the operation itself can answer, beyond those every route of its kind documents. */
  errors?: Partial<Record<number, string>>;
}

/** An MCP tool for the operation (decisions.md, "Hosted tool server"). */
export interface ToolBinding {
  name: string;
  title: string;
  /** The tool changes nothing outside Agentdex's own caches. */
  readOnly: boolean;
  /** Repeating the call with the same arguments has no further effect (metered calls are billed again, so never). */
  idempotent: boolean;
  /** The tool reaches the open web (crawls, discovery), not only Agentdex's registry. */
  openWorld: boolean;
}

/** The `agentdex` command for the operation. Flags come from the (flat) input's fields, kebab-cased. */
export interface CommandBinding {
  /** Words of the command, e.g. `keys create`. Several operations may share one (`categories [slug]`). */
  command: string;
  /** Input fields taken as positional arguments, in order; a trailing array field takes the rest. */
  args?: string[];
  /** Flag names that differ from the kebab-cased field name: flag → field. */
  flags?: Record<string, string>;
  /** Boolean fields that also take `--no-<flag>` (to set false, not just leave unset). */
  negatable?: string[];
  /**
   * Other text renderings of the answer, chosen by a flag of their own (`profile SLUG --tools`): flag →
   * what it shows. The request is the same; only the text printed differs (--json prints the JSON).
   */
  views?: Record<string, string>;
  example: string;
}

/** A second, flat shape of the input for tools and flags (resolve's requirements as flat booleans). */
export interface FlatInput<I extends ZodObject, F extends ZodObject> {
  schema: F;
  toInput(flat: z.output<F>): z.input<I>;
}

/**
 * One operation, declared once: the REST route, its OpenAPI entry, the MCP tool, the typed client's
 * method and the CLI command are all derived from this record, so the doors cannot drift apart.
 */
export interface Operation<I extends ZodObject = ZodObject, O extends ZodType = ZodType, F extends ZodObject = ZodObject> {
  /** camelCase; the typed client's method name. */
  name: string;
  /** One line for people: the OpenAPI summary, `/llms.txt`, `agentdex --help`. */
  summary: string;
  /** For an agent choosing between tools: what it returns, when to use it rather than its neighbour, what it costs. */
  description: string;
  access: Access;
  /** A read answers from Postgres; a workflow is a metered Temporal workflow recording one `eventType` event. */
  runs: 'read' | 'workflow';
  eventType?: EventType;
  input: I;
  output: O;
  rest: RestBinding;
  flat?: FlatInput<I, F>;
  tool?: ToolBinding;
  cli?: CommandBinding;
}

/** Declares an operation, keeping its literal types (the client's method types are inferred from them). */
export function operation<I extends ZodObject, O extends ZodType, F extends ZodObject = I>(op: Operation<I, O, F>): Operation<I, O, F> {
  return op;
}

export type InputOf<Op> = Op extends Operation<infer I, ZodType, ZodObject> ? z.input<I> : never;
export type ParsedInputOf<Op> = Op extends Operation<infer I, ZodType, ZodObject> ? z.output<I> : never;
export type OutputOf<Op> = Op extends Operation<ZodObject, infer O, ZodObject> ? z.output<O> : never;

/** The input fields that are path parameters of the REST route, e.g. `slug` in /v1/profile/{slug}. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
}
