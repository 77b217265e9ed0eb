import assert from 'node:assert/strict';
import { billingChangeOf, invoiceStatusRank, type InvoiceStatus } from '../../src/domain/billing';
import { getInfra } from '../support/infra';

const ev = (type: string, object: Record<string, unknown>) => ({ type, data: { object } });

describe('billing webhook events (domain)', () => {
  const cases: Array<[string, ReturnType<typeof ev>, Partial<ReturnType<typeof billingChangeOf>>]> = [
    [
      'checkout completed',
      ev('checkout.session.completed', { client_reference_id: 'ws', customer: 'cus_1', subscription: 'sub_1', mode: 'subscription' }),
      { kind: 'subscribed', workspaceId: 'ws', customerId: 'cus_1', subscriptionId: 'sub_1' },
    ],
    [
      'checkout with an expanded customer object',
      ev('checkout.session.completed', { client_reference_id: 'ws', customer: { id: 'cus_2' } }),
      { kind: 'subscribed', customerId: 'cus_2', subscriptionId: null },
    ],
    ['checkout without a workspace', ev('checkout.session.completed', { customer: 'cus_1' }), { kind: 'ignored' }],
    ['one-off payment checkout', ev('checkout.session.completed', { client_reference_id: 'ws', customer: 'cus_1', mode: 'payment' }), { kind: 'ignored' }],
    [
      'subscription active',
      ev('customer.subscription.updated', { id: 'sub', customer: 'cus', status: 'active' }),
      { kind: 'subscription', plan: 'usage', meteredEnabled: true },
    ],
    [
      'subscription past due keeps billing',
      ev('customer.subscription.updated', { id: 'sub', customer: 'cus', status: 'past_due' }),
      { plan: 'usage', meteredEnabled: true },
    ],
    ['subscription unpaid', ev('customer.subscription.updated', { id: 'sub', customer: 'cus', status: 'unpaid' }), { plan: 'free', meteredEnabled: false }],
    ['subscription deleted', ev('customer.subscription.deleted', { id: 'sub', customer: 'cus', status: 'active' }), { plan: 'free', meteredEnabled: false }],
    ['subscription incomplete decides nothing', ev('customer.subscription.created', { id: 'sub', customer: 'cus', status: 'incomplete' }), { kind: 'ignored' }],
    ['unknown event type', ev('charge.refunded', {}), { kind: 'ignored' }],
    ['invoice with an unknown status', ev('invoice.paid', { id: 'in', customer: 'cus', status: 'weird' }), { kind: 'ignored' }],
  ];
  for (const [name, event, expected] of cases) {
    it(name, () => {
      const change = billingChangeOf(event);
      for (const [k, v] of Object.entries(expected)) assert.deepEqual((change as Record<string, unknown>)[k], v, `${name}: ${k}`);
    });
  }

  it('reads an invoice in dollars and UTC days', () => {
    const change = billingChangeOf(
      ev('invoice.finalized', { id: 'in_1', customer: 'cus', status: 'open', amount_due: 1999, period_start: 1_793_491_200, period_end: 1_796_083_200 }),
    );
    assert.deepEqual(change, {
      kind: 'invoice',
      customerId: 'cus',
      invoice: { id: 'in_1', amountDueUsd: 19.99, status: 'open', periodStart: '2026-11-01', periodEnd: '2026-12-01', hostedUrl: null },
    });
  });

  it('ranks invoice statuses as the database does', async () => {
    const statuses: InvoiceStatus[] = ['draft', 'open', 'paid', 'uncollectible', 'void'];
    for (const s of statuses) {
      const { rows } = await getInfra().db.raw('SELECT invoice_status_rank(?) AS r', [s]);
      assert.equal(rows[0].r, invoiceStatusRank(s), s);
    }
    assert.ok(invoiceStatusRank('paid') > invoiceStatusRank('open') && invoiceStatusRank('open') > invoiceStatusRank('draft'));
  });
});
