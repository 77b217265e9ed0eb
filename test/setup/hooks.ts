import { startInfra, stopInfra } from '../support/infra';

// Mocha global fixtures: real Postgres and a real Temporal dev server for the whole run.
export async function mochaGlobalSetup(): Promise<void> {
  await startInfra();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopInfra();
}
