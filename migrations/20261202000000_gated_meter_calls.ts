import type { Knex } from 'knex';

// A single-step read's gate and its usage record in one statement (docs/decisions/metering.md#per-workspace-limits, "Per-workspace
// limits"): a call may carry `gate`, take_call_slot's argument; the gate decides it first, under the gate
// row's lock, and only an admitted call is metered. Each answer of a gated call carries the gate's answer
// as `gate`; one the gate refused is {state: 'gated', gate} and records nothing. Locks are taken per call,
// gate row then workspace row, in the batch's workspace order: the same order as every other transaction
// that takes either (a gate alone, a batch of records, a release of slots), so none can wait in a circle.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION meter_calls(calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      c jsonb;
      g jsonb;
      answers jsonb := '[]';
    BEGIN
      FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
        IF c->'gate' IS NOT NULL THEN
          g := take_call_slot(c->'gate');
          answers := answers || jsonb_build_array(CASE WHEN g->>'state' = 'admitted'
            THEN meter_call(c) || jsonb_build_object('gate', g)
            ELSE jsonb_build_object('state', 'gated', 'gate', g) END);
        ELSE
          answers := answers || jsonb_build_array(meter_call(c));
        END IF;
      END LOOP;
      RETURN answers;
    END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION meter_calls(calls jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
