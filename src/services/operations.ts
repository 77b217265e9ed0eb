import type { AppDeps } from '../deps';
import { badRequest, unauthorized, type RateLimitState } from '../errors';
import { operations, type OperationName, type Operations, type OutputOf, type ParsedInputOf } from '../operations';
import { WorkflowTypes } from '../temporal/workflow-names';
import type { AuditWorkflowResult } from '../../workflows/audit';
import type { Playbook } from '../domain/playbook';
import { accountService } from './account';
import { auditService } from './audit';
import { billingService } from './billing';
import { stripeProcessor } from './payments';
import type { Caller, Source, WorkspaceCaller } from './callers';
import { claimsService } from './claims';
import { jobsService } from './jobs';
import { meteredCalls, type WorkflowCall } from './metered-calls';
import { DEFAULT_LIMIT } from '../schemas/registry';
import { registryService } from './registry';
import type { Carried } from '../domain/carried-hits';
import { explainResolution, type Resolution, type ResolveResult } from './resolve';
import { presentTools, type FindToolsResult, type ToolsFound } from './find-tools';
import { watchesService } from './watches';
import { webhooksService } from './webhooks';

/** Everything a door knows about one call, after it has resolved the caller. */
export interface Invocation {
  /** Absent only for open operations. */
  caller?: Caller;
  source: Source;
  /** The client's address (signup's per-IP limit). */
  ip: string;
  idempotencyKey?: string;
  respondAsync?: boolean;
}

/**
 * An operation's answer as every door receives it: a status (200, 201, 202 for a job, 204), the body,
 * and for metered calls whether it was replayed (with the stored bytes) and the trial bucket's state.
 */
export interface Answer {
  status: number;
  /** The operation's output (for a read, type-checked where `read` binds it), or a job for a 202. */
  body: unknown;
  stored?: string;
  replayed?: boolean;
  rateLimit?: RateLimitState;
}

export type Handler<Op> = (input: ParsedInputOf<Op>, call: Invocation) => Promise<Answer>;
export type Handlers = { [K in OperationName]: Handler<Operations[K]> };

/** A read: the service's value is the body. */
const read =
  <Op>(op: Op & { rest: { status?: number } }, fn: (input: ParsedInputOf<Op>, call: Invocation) => Promise<OutputOf<Op>>): Handler<Op> =>
  async (input, call) => ({ status: op.rest.status ?? 200, body: await fn(input, call) });

function workspaceOf(call: Invocation): string {
  if (call.caller?.kind !== 'workspace') throw unauthorized('An API key is required: send it in the x-api-key header');
  return (call.caller as WorkspaceCaller).workspaceId;
}

/**
 * Binds each declared operation to the service that performs it. Doors (REST, MCP) look handlers up by
 * operation name, so the same code runs, and the same usage events are recorded, whichever door is used.
 */
export function operationHandlers(deps: AppDeps): Handlers {
  const registry = registryService(deps.db);
  const account = accountService(deps.db, deps.config.signup);
  const audits = auditService(deps);
  const jobs = jobsService(deps);
  const metered = meteredCalls(deps);
  const claims = claimsService(deps);
  const billing = billingService({ ...deps, payments: stripeProcessor(deps.config.billing) });
  const watches = watchesService(deps);
  const webhooks = webhooksService(deps);

  /** A metered primitive: its event type comes from the declaration; the caller was resolved by the door. */
  const workflow = <R, O>(call: Invocation, spec: Omit<WorkflowCall<R, O>, 'eventType'> & { operation: OperationName }) => {
    const eventType = operations[spec.operation].eventType;
    if (!eventType || !call.caller) throw new Error(`${spec.operation} is not a metered operation`);
    return metered.run<R, O>(
      { ...spec, eventType },
      { caller: call.caller, source: call.source, idempotencyKey: call.idempotencyKey, respondAsync: call.respondAsync },
    );
  };

  return {
    listRegistry: read(operations.listRegistry, (i) => registry.list(i)),
    getProfile: read(operations.getProfile, (i) => registry.profile(i.slug)),
    listCategories: read(operations.listCategories, () => registry.categories()),
    getCategory: read(operations.getCategory, (i) => registry.category(i.slug, i.limit)),
    search: read(operations.search, (i) => registry.search(i.query, i.requirements, i.limit ?? DEFAULT_LIMIT)),
    compare: read(operations.compare, (i) => registry.compare(i.slugs)),

    audit: async (i, call) => {
      const domain = await audits.resolveDomain(i.domain);
      return workflow<AuditWorkflowResult, OutputOf<Operations['audit']>>(call, {
        operation: 'audit',
        kind: 'audit',
        workflowType: WorkflowTypes.audit,
        input: { domain },
        present: (result) => audits.report(result),
      });
    },
    findTools: (i, call) =>
      workflow<Carried<ToolsFound> | FindToolsResult, FindToolsResult>(call, {
        operation: 'findTools',
        kind: 'find-tools',
        workflowType: WorkflowTypes.findTools,
        input: { task: i.task },
        admission: 'recorded',
        present: async (r) => presentTools(r),
      }),
    resolve: (i, call) =>
      workflow<Carried<Resolution>, ResolveResult>(call, {
        operation: 'resolve',
        kind: 'resolve',
        workflowType: WorkflowTypes.resolve,
        input: { task: i.task, requirements: i.requirements ?? {}, discover: i.discover ?? false },
        // Discovery audits bill against the call's reservation (reserveChildCall): only a plain read is recorded at admission.
        admission: i.discover ? 'reserve' : 'recorded',
        present: async (r) => explainResolution(r),
      }),
    howTo: (i, call) =>
      workflow<Playbook, Playbook>(call, {
        operation: 'howTo',
        kind: 'how-to',
        workflowType: WorkflowTypes.howTo,
        input: { task: i.task },
      }),
    getJob: read(operations.getJob, (i, call) => jobs.view(i.id, call.caller!)),

    getCompany: async (i, call) => {
      const domain = await audits.resolveDomain(i.domain);
      return workflow(call, { operation: 'getCompany', kind: 'company', workflowType: WorkflowTypes.company, input: { domain } });
    },
    getPricing: async (i, call) => {
      const domain = await audits.resolveDomain(i.domain);
      return workflow(call, { operation: 'getPricing', kind: 'pricing', workflowType: WorkflowTypes.pricing, input: { domain } });
    },
    findCompetitors: async (i, call) => {
      const domain = await audits.resolveDomain(i.domain);
      return workflow(call, { operation: 'findCompetitors', kind: 'competitors', workflowType: WorkflowTypes.competitors, input: { domain, limit: i.limit } });
    },
    compareCompanies: async (i, call) => {
      const domains = await Promise.all(i.domains.map((d, n) => audits.resolveDomain(d, `body.domains.${n}`)));
      if (new Set(domains).size < domains.length) throw badRequest('Invalid request: body.domains: names the same company twice');
      return workflow(call, { operation: 'compareCompanies', kind: 'compare-companies', workflowType: WorkflowTypes.compareCompanies, input: { domains } });
    },
    research: async (i, call) => {
      const domain = await audits.resolveDomain(i.domain, 'body.domain');
      return workflow(call, { operation: 'research', kind: 'research', workflowType: WorkflowTypes.research, input: { domain, question: i.question } });
    },

    signup: read(operations.signup, (i, call) => account.signup(i.email, i.workspaceName, call.ip)),
    getPlans: read(operations.getPlans, async () => account.plans()),
    createKey: read(operations.createKey, (i, call) => account.createKey(workspaceOf(call), i.label)),
    listKeys: read(operations.listKeys, (_i, call) => account.listKeys(workspaceOf(call))),
    revokeKey: read(operations.revokeKey, (i, call) => account.revokeKey(workspaceOf(call), i.id)),
    getUsage: read(operations.getUsage, (_i, call) => account.usage(workspaceOf(call))),
    getEntitlements: read(operations.getEntitlements, (_i, call) => account.entitlements(workspaceOf(call))),
    listUsageEvents: read(operations.listUsageEvents, (i, call) =>
      account.events(workspaceOf(call), { eventType: i.event_type, productId: i.product_id, from: i.from, to: i.to, limit: i.limit, offset: i.offset }),
    ),
    getLimits: read(operations.getLimits, (_i, call) => account.limits(workspaceOf(call))),
    setLimits: read(operations.setLimits, (i, call) => account.patchLimits(workspaceOf(call), i)),

    startClaim: read(operations.startClaim, (i, call) => claims.start(workspaceOf(call), i)),
    verifyClaim: read(operations.verifyClaim, (i, call) => claims.verify(workspaceOf(call), i)),

    watchProduct: read(operations.watchProduct, (i, call) => watches.watch(workspaceOf(call), i)),
    listWatches: read(operations.listWatches, (_i, call) => watches.list(workspaceOf(call))),
    unwatchProduct: read(operations.unwatchProduct, (i, call) => watches.remove(workspaceOf(call), i.id)),
    listEvents: read(operations.listEvents, (i, call) => watches.events(workspaceOf(call), i)),
    createWebhook: read(operations.createWebhook, (i, call) => webhooks.create(workspaceOf(call), i)),
    listWebhooks: read(operations.listWebhooks, (_i, call) => webhooks.list(workspaceOf(call))),
    updateWebhook: read(operations.updateWebhook, (i, call) => webhooks.update(workspaceOf(call), i.id, i)),
    testWebhook: read(operations.testWebhook, (i, call) => webhooks.test(workspaceOf(call), i.id)),
    rotateWebhookSecret: read(operations.rotateWebhookSecret, (i, call) => webhooks.rotate(workspaceOf(call), i.id)),
    deleteWebhook: read(operations.deleteWebhook, (i, call) => webhooks.remove(workspaceOf(call), i.id)),
    listDeliveries: read(operations.listDeliveries, (i, call) => webhooks.deliveries(workspaceOf(call), i.id, i.limit)),
    resendDelivery: read(operations.resendDelivery, (i, call) => webhooks.resend(workspaceOf(call), i.id, i.deliveryId)),

    getBilling: read(operations.getBilling, (_i, call) => billing.summary(workspaceOf(call))),
    createCheckout: read(operations.createCheckout, (i, call) => billing.checkout(workspaceOf(call), i)),
    createPortal: read(operations.createPortal, (i, call) => billing.portal(workspaceOf(call), i)),
    listInvoices: read(operations.listInvoices, (_i, call) => billing.invoices(workspaceOf(call))),
  };
}
