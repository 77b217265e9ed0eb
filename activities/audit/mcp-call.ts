import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { type CallPlan, planCall, requiredSchema, safeSchema } from '../../src/domain/mcp/call-plan';
import type { VerifiedCall } from '../../src/domain/mcp/section';
import type { ToolDefinition } from '../../src/domain/mcp/tool-definition';
import { type Clock, systemClock } from '../../src/runtime/clock';

/** How long the verified call may take (issue 38). */
export const CALL_TIMEOUT_MS = 5_000;
/** A structured result larger than this is not validated (its size is the finding). */
const MAX_VALIDATED_BYTES = 256 * 1024;
/** Generated inputs are the same on every audit of the same definition. */
const SEED = 38;

const CallResult = z.looseObject({ isError: z.boolean().optional(), structuredContent: z.unknown().optional(), content: z.unknown().optional() });

class CallTimeout extends Error {}

/**
 * The verified call: one read-only tool (call-plan.ts chooses it), called once with input built from its
 * schema (the values it states first, json-schema-faker for the rest, the whole checked against the schema),
 * within 5 s on `clock`. The request goes over the handshake's own session, so through the same outbound
 * guard and never with credentials (the guard drops authorization and cookie headers).
 */
export async function verifyCall(client: Client, tools: ToolDefinition[], clock: Clock = systemClock): Promise<VerifiedCall> {
  const plan = planCall(tools);
  if ('reason' in plan) return notCalled(plan.reason);
  const tool = tools.find((t) => t.name === plan.tool)!;
  const input = await buildInput(tool, plan);
  if (!input.ok) return { ...notCalled(input.reason), tool: tool.name };

  const cancel = new AbortController();
  let timer: unknown;
  const expired = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(() => {
      reject(new CallTimeout());
      cancel.abort();
    }, CALL_TIMEOUT_MS);
  });
  expired.catch(() => undefined);
  const started = clock.now();
  const base = { tool: tool.name, input: input.value };
  try {
    const call = client.request(
      { method: 'tools/call', params: { name: tool.name, arguments: input.value } },
      CallResult,
      // The SDK's own timeout is a backstop only: the bound on `clock` ends the call.
      { signal: cancel.signal, timeout: 60_000 },
    );
    const result = await Promise.race([call, expired]);
    const ms = clock.now() - started;
    if (result.isError) return { ...base, outcome: 'tool-error', ms, outputValid: null, reason: `the tool answered isError: ${errorText(result.content)}` };
    const outputValid = tool.outputSchema ? validates(tool.outputSchema, result.structuredContent) : null;
    return {
      ...base,
      outcome: 'ok',
      ms,
      outputValid: outputValid?.valid ?? null,
      reason: outputValid
        ? outputValid.valid
          ? 'answered; structuredContent matches the output schema'
          : outputValid.why
        : 'answered (no output schema declared)',
    };
  } catch (err) {
    const ms = clock.now() - started;
    if (err instanceof CallTimeout) return { ...base, outcome: 'timeout', ms, outputValid: null, reason: `no answer within ${CALL_TIMEOUT_MS} ms` };
    const message = err instanceof McpError ? `JSON-RPC error ${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    return { ...base, outcome: 'protocol-error', ms, outputValid: null, reason: message.slice(0, 300) };
  } finally {
    clock.clearTimeout(timer);
  }
}

const notCalled = (reason: string): VerifiedCall => ({ tool: null, input: null, outcome: 'not-called', ms: null, outputValid: null, reason });

type Built = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

async function buildInput(tool: ToolDefinition, plan: CallPlan): Promise<Built> {
  const value: Record<string, unknown> = { ...plan.known };
  if (plan.unknown.length) {
    const { generateSync } = await import('json-schema-faker');
    for (const name of plan.unknown) {
      try {
        value[name] = generateSync(safeSchema(requiredSchema(tool, name)) as Record<string, unknown>, GENERATION);
      } catch (err) {
        return { ok: false, reason: `could not build a value for '${name}' from its schema: ${String(err).slice(0, 160)}` };
      }
    }
  }
  const check = validates(tool.inputSchema, value);
  if (check.valid) return { ok: true, value };
  // The parts did not make a valid whole (dependencies between properties, say): generate it all at once.
  try {
    const { generateSync } = await import('json-schema-faker');
    const whole = generateSync(safeSchema({ ...tool.inputSchema, type: 'object' }) as Record<string, unknown>, GENERATION);
    if (whole && typeof whole === 'object' && !Array.isArray(whole) && validates(tool.inputSchema, whole).valid)
      return { ok: true, value: whole as Record<string, unknown> };
  } catch {
    // falls through to the reason below
  }
  return { ok: false, reason: `no input could be built that its input schema accepts (${check.why})` };
}

const GENERATION = { seed: SEED, optionalsProbability: 0, useDefaultValue: true, maxDepth: 4, maxItems: 3, maxLength: 40 };

/** Whether `data` validates against a server's schema, with `pattern`s and remote `$ref`s left out (call-plan.ts). */
function validates(schema: Record<string, unknown>, data: unknown): { valid: true } | { valid: false; why: string } {
  if (data === undefined) return { valid: false, why: 'no structuredContent, though an output schema is declared' };
  if (JSON.stringify(data).length > MAX_VALIDATED_BYTES) return { valid: false, why: `structuredContent over ${MAX_VALIDATED_BYTES / 1024} KB` };
  try {
    const ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateSchema: false, addUsedSchema: false, logger: false }));
    const check = ajv.compile(safeSchema(schema) as Record<string, unknown>);
    if (check(data)) return { valid: true };
    const e = check.errors?.[0];
    return { valid: false, why: `schema mismatch at ${e?.instancePath || '/'}: ${e?.message ?? 'invalid'}` };
  } catch (err) {
    return { valid: false, why: `the schema does not compile: ${String(err).slice(0, 160)}` };
  }
}

function errorText(content: unknown): string {
  const first = Array.isArray(content) ? content.find((c) => c && typeof c === 'object' && (c as { type?: unknown }).type === 'text') : undefined;
  const text = first ? String((first as { text?: unknown }).text ?? '') : '';
  return text ? text.slice(0, 200) : '(no text)';
}
