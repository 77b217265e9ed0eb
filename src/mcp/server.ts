import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { ZodArray } from 'zod';
import { describeFailure } from '../errors';
import { operationList, type Operation } from '../operations';
import { renderText } from '../render/text';
import { fieldIssues } from '../schemas/issues';
import { API_VERSION } from '../schemas/openapi';
import type { Caller } from '../services/callers';
import type { Answer, Handlers, Invocation } from '../services/operations';
import { toolSchemas } from './tool-schemas';
import { toolErrorText } from './tool-errors';

export const SERVER_NAME = 'agentdex';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
type Handler = (input: unknown, call: Invocation) => Promise<Answer>;

const INSTRUCTIONS =
  'Agentdex knows third-party software: which tools fit a task (find_tools_for_task, resolve), how agent-ready each is ' +
  '(get_profile, audit), how to use them (how_to), how products compare (compare_products), and what a vendor says about itself ' +
  '(get_company, get_pricing, find_competitors, compare_companies, research_company, each citing its pages). Registry tools are free; ' +
  'metered tools name their price in their description, and get_usage shows what the workspace has left.';

/** Operations offered as tools, in declaration order. */
export const toolOperations = (): Operation[] => operationList.filter((op) => op.tool);

let toolList: Tool[] | undefined;

/** The tools/list answer: computed once, since the declarations do not change while the process runs. */
export function listTools(): Tool[] {
  toolList ??= toolOperations().map((op) => {
    const tool = op.tool!;
    const schemas = toolSchemas(op);
    return {
      name: tool.name,
      title: tool.title,
      description: op.description,
      inputSchema: schemas.input as Tool['inputSchema'],
      outputSchema: schemas.output as Tool['outputSchema'],
      annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.idempotent, openWorldHint: tool.openWorld, destructiveHint: false },
    };
  });
  return toolList;
}

/**
 * A fresh MCP server for one request (stateless Streamable HTTP) whose tools are the declared operations
 * that name one, each calling the same handler as its REST route, on behalf of the key's workspace.
 */
export function createMcpServer(handlers: Handlers, caller: Caller, ip: string): Server {
  const server = new Server({ name: SERVER_NAME, title: 'Agentdex', version: API_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const byName = new Map(toolOperations().map((op) => [op.tool!.name, op]));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const op = byName.get(request.params.name);
    // An unknown tool is a protocol error; everything that goes wrong inside a known tool is a tool result.
    if (!op) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const handler = handlers[op.name as keyof Handlers] as Handler;
    return callTool(op, handler, request.params.arguments ?? {}, { caller, source: 'mcp', ip }, extra);
  });
  return server;
}

async function callTool(op: Operation, handler: Handler, args: unknown, call: Invocation, extra: Extra): Promise<CallToolResult> {
  const input = parseArguments(op, args);
  if ('invalid' in input) return { isError: true, content: [{ type: 'text', text: input.invalid }] };
  const stopProgress = reportProgress(op, extra);
  try {
    const answer = await handler(input.value, call);
    if (answer.status === 202) return stillRunning(op, answer.body as { jobId: string; location: string });
    // structuredContent must be an object: a list answer (registry, search) is wrapped as `{results}`.
    const structured = op.output instanceof ZodArray ? { results: answer.body } : (answer.body as Record<string, unknown>);
    return { content: [{ type: 'text', text: renderText(op.name, answer.body) }], structuredContent: structured };
  } catch (err) {
    return { isError: true, content: [{ type: 'text', text: toolErrorText(op, describeFailure(err)) }] };
  } finally {
    stopProgress();
  }
}

/** Tool arguments validated by the tool's schema (flat ones mapped onto the operation's input), or what to change. */
function parseArguments(op: Operation, args: unknown): { value: unknown } | { invalid: string } {
  const schema = op.flat?.schema ?? op.input;
  const parsed = schema.safeParse(args);
  if (!parsed.success) {
    const problems = fieldIssues(parsed.error, args).map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
    return { invalid: `Error 400: invalid arguments for ${op.tool!.name}: ${problems.join('; ')}. Change them and call again.` };
  }
  return { value: op.flat ? op.input.parse(op.flat.toInput(parsed.data as never)) : parsed.data };
}

function stillRunning(op: Operation, job: { jobId: string; location: string }): CallToolResult {
  const text =
    `${op.tool!.name} is still running as job ${job.jobId}; the work continues and is billed once. Its result will be at ` +
    `GET ${job.location} (REST, same API key) or \`agentdex job ${job.jobId}\`. Calling the tool again would start and bill a second run.`;
  return { isError: true, content: [{ type: 'text', text }] };
}

const PROGRESS_EVERY_MS = 5_000;

/** Metered tools send a progress notification at once and every few seconds, when the client asked (a progressToken). */
function reportProgress(op: Operation, extra: Extra): () => void {
  const token = extra._meta?.progressToken;
  if (token === undefined || op.runs !== 'workflow') return () => undefined;
  const began = Date.now();
  const notify = () => {
    const seconds = Math.round((Date.now() - began) / 1000);
    const params = { progressToken: token, progress: seconds, message: seconds ? `${op.tool!.name} running (${seconds} s)` : `${op.tool!.name} started` };
    extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
  };
  notify();
  const timer = setInterval(notify, PROGRESS_EVERY_MS);
  return () => clearInterval(timer);
}
