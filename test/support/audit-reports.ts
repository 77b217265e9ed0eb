import assert from 'node:assert/strict';
import { AuditResponseSchema } from '../../src/schemas/primitives';
import { jsonOf } from './http';

export type AuditReport = ReturnType<typeof AuditResponseSchema.parse>;

/** A report's check by id (the check must be there). */
export const checkOf = (r: AuditReport, id: string) => r.checks.find((c) => c.id === id)!;

/**
 * GET /v1/audit for a test suite's app and key, read against the published schema: `audit` runs a fresh one,
 * `report` the first one per domain (later calls reuse it, so several tests can read one audit).
 */
export function auditReports(target: () => { baseUrl: string; key: string }) {
  const reports = new Map<string, AuditReport>();
  const audit = async (domain: string): Promise<AuditReport> => {
    const { baseUrl, key } = target();
    const res = await fetch(`${baseUrl}/v1/audit?domain=${encodeURIComponent(domain)}`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200, `${domain}: ${res.status} ${await res.clone().text()}`);
    return AuditResponseSchema.parse(await jsonOf(res));
  };
  const report = async (domain: string): Promise<AuditReport> => {
    if (!reports.has(domain)) reports.set(domain, await audit(domain));
    return reports.get(domain)!;
  };
  return { audit, report };
}
