import { BillingSummarySchema, CheckoutBodySchema, HostedPageSchema, InvoiceListSchema, PortalBodySchema } from '../schemas/billing';
import { z } from '../schemas/zod';
import { operation } from './operation';

const TAG = 'Billing';
const NONE = z.object({});
const NOT_CONFIGURED = 'Billing is not configured on this deployment (no Stripe secret key); everything else keeps working';

/** Billing: the summary and invoices always answer; Checkout and the portal need Stripe (503 without). */
export const billingOperations = {
  getBilling: operation({
    name: 'getBilling',
    summary: "This workspace's plan, period spend, estimated charges and payment status",
    description: 'The plan, whether overage is billed, this period’s spend against the limits, estimated charges and whether a payment method is on file.',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: BillingSummarySchema,
    rest: { method: 'get', path: '/v1/billing', tag: TAG },
    cli: { command: 'billing', example: 'agentdex billing' },
  }),

  createCheckout: operation({
    name: 'createCheckout',
    summary: 'Start hosted Checkout for the usage plan; answers the URL to send the person to',
    description: 'Creates a Stripe Checkout session for the pay-as-you-go usage plan. When it completes, the workspace moves to `usage` and overage is billed.',
    access: 'key',
    runs: 'read',
    input: CheckoutBodySchema,
    output: HostedPageSchema,
    rest: {
      method: 'post',
      path: '/v1/billing/checkout',
      tag: TAG,
      errors: { 409: 'The workspace already pays by usage (use the portal)', 502: 'Stripe refused or failed the request', 503: NOT_CONFIGURED },
    },
    cli: {
      command: 'billing checkout',
      example: 'agentdex billing checkout --success-url https://example.com/paid --cancel-url https://example.com/billing',
    },
  }),

  createPortal: operation({
    name: 'createPortal',
    summary: 'Open the hosted billing portal (payment method, invoices, cancel)',
    description: 'Creates a Stripe customer portal session for the workspace’s billing account.',
    access: 'key',
    runs: 'read',
    input: PortalBodySchema,
    output: HostedPageSchema,
    rest: {
      method: 'post',
      path: '/v1/billing/portal',
      tag: TAG,
      errors: { 409: 'The workspace has no billing account yet (start Checkout first)', 502: 'Stripe refused or failed the request', 503: NOT_CONFIGURED },
    },
    cli: { command: 'billing portal', example: 'agentdex billing portal --return-url https://example.com/billing' },
  }),

  listInvoices: operation({
    name: 'listInvoices',
    summary: "This workspace's invoices, newest first",
    description: 'Invoices from Stripe for this workspace (kept up to date by Stripe’s webhooks), newest period first.',
    access: 'key',
    runs: 'read',
    input: NONE,
    output: InvoiceListSchema,
    rest: { method: 'get', path: '/v1/billing/invoices', tag: TAG },
    cli: { command: 'billing invoices', example: 'agentdex billing invoices' },
  }),
};
