import type { Knex } from 'knex';

// Admission and usage event in one statement, for the metered calls whose whole work is one registry read
// (find-tools, resolve without discovery): see docs/decisions/metering.md, "Accounts and metering". A reservation
// before the workflow and a settlement after it cost those calls three round trips and two commits, and
// most of their time above the Temporal floor.
//
// entitlement_decision mirrors decide() in src/domain/entitlements.ts, which stays the reference: a
// table-driven test holds the two to the same answers.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION entitlement_decision(included integer, overage boolean, requires_payment boolean, metered boolean,
                                         used integer, spent numeric, rate numeric, hard_limit numeric)
    RETURNS TABLE (reason text, remaining integer, price numeric, billable boolean)
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
               WHEN hard_limit IS NOT NULL AND (spent >= hard_limit OR spent + d.price > hard_limit + 1e-9) THEN 'SPEND_LIMIT_REACHED'
               WHEN d.billable AND NOT overage THEN 'QUOTA_EXHAUSTED'
               WHEN d.billable AND requires_payment AND NOT metered THEN 'PAYMENT_REQUIRED'
               ELSE 'OK'
             END, d.remaining, d.price, d.billable
      FROM (SELECT greatest(0, included - used) AS remaining, included - used <= 0 AS billable,
                   CASE WHEN included - used <= 0 THEN rate ELSE 0 END AS price) d
    $$`);

  // p: {workspace, key?, workflow, eventType, source, period, rate, plans: {<plan>: {included, overage,
  // requiresPaymentMethod}}}. Answers {state: 'recorded' | 'admitted' | 'refused' | 'key_revoked', ...}.
  // Idempotent per workflow id: a call whose event exists is 'recorded' whatever the quota says now.
  await knex.raw(`
    CREATE FUNCTION meter_call(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      ws_id uuid := (p->>'workspace')::uuid;
      period date := (p->>'period')::date;
      ws record;
      lim record;
      cfg jsonb;
      used integer;
      spent numeric;
      settled numeric;
      d record;
      event_id uuid;
    BEGIN
      SELECT id INTO event_id FROM usage_events WHERE dedupe_key = p->>'workflow';
      IF FOUND THEN RETURN jsonb_build_object('state', 'recorded', 'eventId', event_id); END IF;
      -- Serialises the workspace's admissions (NO KEY UPDATE: inserts referencing the workspace still pass).
      SELECT plan, metered_enabled INTO ws FROM workspaces WHERE id = ws_id FOR NO KEY UPDATE;
      IF NOT FOUND THEN RETURN jsonb_build_object('state', 'no_workspace'); END IF;
      IF p->>'key' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.id = (p->>'key')::uuid AND k.workspace_id = ws_id AND k.revoked_at IS NULL) THEN
        RETURN jsonb_build_object('state', 'key_revoked');
      END IF;
      -- A duplicate of this call may have recorded it while we waited for the lock.
      SELECT id INTO event_id FROM usage_events WHERE dedupe_key = p->>'workflow';
      IF FOUND THEN RETURN jsonb_build_object('state', 'recorded', 'eventId', event_id); END IF;
      -- Each statement reads as of its own start, so these see every admission committed before the lock.
      SELECT coalesce(sum(c.used + c.reserved) FILTER (WHERE c.event_type = p->>'eventType'), 0),
             coalesce(sum(c.spent_usd + c.reserved_usd), 0), coalesce(sum(c.spent_usd), 0)
        INTO used, spent, settled
        FROM usage_counters c WHERE c.workspace_id = ws_id AND c.period_start = period;
      SELECT l.monthly_budget_usd, l.warning_threshold_usd, l.hard_limit_usd, coalesce(l.notifications_enabled, true) AS notifications_enabled
        INTO lim FROM (SELECT 1) one LEFT JOIN workspace_limits l ON l.workspace_id = ws_id;
      cfg := coalesce(p->'plans'->ws.plan, p->'plans'->'free');
      SELECT * INTO d FROM entitlement_decision((cfg->>'included')::integer, (cfg->>'overage')::boolean,
        (cfg->>'requiresPaymentMethod')::boolean, ws.metered_enabled, used, spent, (p->>'rate')::numeric, lim.hard_limit_usd);
      IF d.reason <> 'OK' THEN
        RETURN jsonb_build_object('state', 'refused', 'reason', d.reason, 'plan', ws.plan, 'included', (cfg->>'included')::integer,
          'remaining', d.remaining, 'used', used, 'spentUsd', spent, 'hardLimitUsd', lim.hard_limit_usd);
      END IF;
      INSERT INTO usage_events (workspace_id, event_type, quantity, billable_quantity, amount_usd, source, dedupe_key, period_start, payments_sync_status)
        VALUES (ws_id, p->>'eventType', 1, CASE WHEN d.billable THEN 1 ELSE 0 END, d.price, p->>'source', p->>'workflow', period,
                CASE WHEN d.billable THEN 'pending' ELSE 'not_applicable' END)
        RETURNING id INTO event_id;
      INSERT INTO usage_counters AS c (workspace_id, period_start, event_type, used, spent_usd) VALUES (ws_id, period, p->>'eventType', 1, d.price)
        ON CONFLICT (workspace_id, period_start, event_type) DO UPDATE SET used = c.used + 1, spent_usd = c.spent_usd + EXCLUDED.spent_usd;
      RETURN jsonb_build_object('state', 'admitted', 'eventId', event_id, 'plan', ws.plan, 'priceUsd', d.price, 'spentBefore', settled,
        'monthlyBudgetUsd', lim.monthly_budget_usd, 'warningThresholdUsd', lim.warning_threshold_usd, 'hardLimitUsd', lim.hard_limit_usd,
        'notificationsEnabled', lim.notifications_enabled);
    END
    $$`);

  // Several calls in one statement, in the order given (the API batches the calls that arrive while one
  // batch is in flight, sorted by workspace so that two processes' batches lock workspaces in one order):
  // one round trip and one commit for all of them, each decided as if alone.
  await knex.raw(`
    CREATE FUNCTION meter_calls(calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      c jsonb;
      answers jsonb := '[]';
    BEGIN
      FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
        answers := answers || jsonb_build_array(meter_call(c));
      END LOOP;
      RETURN answers;
    END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS meter_calls(jsonb)');
  await knex.raw('DROP FUNCTION IF EXISTS meter_call(jsonb)');
  await knex.raw('DROP FUNCTION IF EXISTS entitlement_decision(integer, boolean, boolean, boolean, integer, numeric, numeric, numeric)');
}
