import type { Knex } from 'knex';

// Per-workspace limits on metered calls (docs/decisions/metering.md#per-workspace-limits, "Per-workspace limits"): calls per second as a
// token bucket (GCRA: one theoretical arrival time per workspace) and calls in flight as slots, shared by
// every API process. One statement per call decides both under the workspace's gate row lock.
//
// The gate table is UNLOGGED: its state is seconds old and worth nothing after a crash (Postgres empties
// it, and every bucket starts full), so its writes skip the WAL and its commits wait for no disk flush.
// A slot is the call's expiry in whole epoch milliseconds: a call whose API process died frees its slot when
// that passes. call_gate_decision mirrors decideCall() in src/domain/call-limits.ts, which stays the
// reference: a table-driven test holds the two to the same answers.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workspace_limits', (t) => {
    // Per-contract overrides of the plan's limits; null takes the plan's.
    t.double('calls_per_second').nullable();
    t.integer('burst').nullable();
    t.integer('max_in_flight').nullable();
  });
  await knex.raw(`
    CREATE UNLOGGED TABLE workspace_call_gates (
      workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
      tat_ms double precision NOT NULL DEFAULT 0,
      slots bigint[] NOT NULL DEFAULT '{}'
    )`);

  await knex.raw(`
    CREATE FUNCTION call_gate_decision(now_ms double precision, tat_ms double precision, live integer,
                                       rate double precision, burst integer, cap integer)
    RETURNS TABLE (verdict text, next_tat double precision, wait_ms double precision, remaining integer)
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN live >= cap THEN 'in_flight' WHEN g.base - now_ms > g.tolerance THEN 'rate' ELSE 'admitted' END,
             CASE WHEN live >= cap OR g.base - now_ms > g.tolerance THEN tat_ms ELSE g.base + g.step END,
             CASE WHEN live < cap AND g.base - now_ms > g.tolerance THEN g.base - now_ms - g.tolerance ELSE 0 END,
             greatest(0, floor((g.tolerance - (CASE WHEN live >= cap OR g.base - now_ms > g.tolerance THEN g.base ELSE g.base + g.step END - now_ms)) / g.step) + 1)::integer
      FROM (SELECT greatest(tat_ms, now_ms) AS base, 1000.0 / rate AS step, (burst - 1) * 1000.0 / rate AS tolerance) g
    $$`);

  // p: {workspace, ttlMs, releases: [slot...], plans: {<plan>: {rate, burst, inFlight}}}. Answers {state:
  // 'admitted' | 'rate' | 'in_flight' | 'no_workspace', waitMs, remaining, inFlight, resetMs, slot?, limits}.
  // Releases are slots of this workspace's finished calls that the process had not yet handed back.
  await knex.raw(`
    CREATE FUNCTION take_call_slot(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      ws_id uuid := (p->>'workspace')::uuid;
      now_ms double precision := extract(epoch FROM clock_timestamp()) * 1000;
      released bigint[] := ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'releases', '[]'))::bigint);
      cfg jsonb;
      lim record;
      rate double precision;
      burst integer;
      cap integer;
      g record;
      live bigint[];
      d record;
      slot bigint;
    BEGIN
      SELECT w.plan, l.calls_per_second, l.burst, l.max_in_flight INTO lim
        FROM workspaces w LEFT JOIN workspace_limits l ON l.workspace_id = w.id WHERE w.id = ws_id;
      IF NOT FOUND THEN RETURN jsonb_build_object('state', 'no_workspace'); END IF;
      cfg := coalesce(p->'plans'->lim.plan, p->'plans'->'free');
      rate := coalesce(lim.calls_per_second, (cfg->>'rate')::double precision);
      burst := coalesce(lim.burst, (cfg->>'burst')::integer);
      cap := coalesce(lim.max_in_flight, (cfg->>'inFlight')::integer);
      INSERT INTO workspace_call_gates (workspace_id) VALUES (ws_id) ON CONFLICT (workspace_id) DO NOTHING;
      SELECT tat_ms, slots INTO g FROM workspace_call_gates WHERE workspace_id = ws_id FOR UPDATE;
      live := ARRAY(SELECT s FROM unnest(g.slots) s WHERE s > now_ms AND s <> ALL (released) ORDER BY s);
      SELECT * INTO d FROM call_gate_decision(now_ms, g.tat_ms, cardinality(live), rate, burst, cap);
      IF d.verdict = 'admitted' THEN
        -- Slots are told apart by value (whole milliseconds), so a new one is later than every live one.
        slot := greatest(floor(now_ms + (p->>'ttlMs')::double precision)::bigint, coalesce(live[cardinality(live)], 0) + 1);
        live := live || slot;
      END IF;
      UPDATE workspace_call_gates SET tat_ms = d.next_tat, slots = live WHERE workspace_id = ws_id;
      RETURN jsonb_build_object('state', d.verdict, 'waitMs', d.wait_ms, 'remaining', d.remaining, 'inFlight', cardinality(live),
                                'resetMs', greatest(0, d.next_tat - now_ms), 'slot', slot, 'limits', jsonb_build_object('rate', rate, 'burst', burst, 'inFlight', cap));
    END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION take_call_slot(jsonb)');
  await knex.raw('DROP FUNCTION call_gate_decision(double precision, double precision, integer, double precision, integer, integer)');
  await knex.raw('DROP TABLE workspace_call_gates');
  await knex.schema.alterTable('workspace_limits', (t) => {
    t.dropColumn('calls_per_second');
    t.dropColumn('burst');
    t.dropColumn('max_in_flight');
  });
}
