import type { ErrorHints } from '../errors';
import type { Operation } from '../operations';

interface Failure {
  status: number;
  message: string;
  extra: Record<string, unknown>;
  hints: ErrorHints;
}

const nextPeriod = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

/** What the model should change, by reason or status: the part of a tool error it can act on. */
function advice(op: Operation, f: Failure): string {
  const reason = f.extra.reason;
  if (reason === 'SPEND_LIMIT_REACHED') {
    return `The workspace's hard spend limit ($${f.extra.hardLimitUsd}) is reached. A person must raise or clear hardLimitUsd (PATCH /v1/limits or \`agentdex limits --hard-limit N\`); free registry tools (get_profile, search_tools, list_registry, compare_products) still work.`;
  }
  if (reason === 'QUOTA_EXHAUSTED') {
    return `The ${f.extra.plan} plan's included ${f.extra.eventType} calls are used up until ${nextPeriod()}. Free registry tools still work; a person can move the workspace to the usage plan (POST /v1/billing/checkout).`;
  }
  if (reason === 'PAYMENT_REQUIRED') return 'A person must add a payment method (POST /v1/billing/checkout) before calls beyond the allowance.';
  if (f.status === 400 || f.status === 422) return 'Change the arguments as the message says and call again.';
  if (f.status === 404) return op.tool?.name === 'get_profile' ? 'Find the right slug with search_tools first.' : 'Check the identifiers you passed.';
  if (f.status === 401 || f.status === 403) return 'The API key was refused: it may have been revoked.';
  if (f.hints.retryAfterSeconds !== undefined) return `Retry in ${f.hints.retryAfterSeconds} s.`;
  if (f.status >= 500) return 'This is on Agentdex’s side; retry in a minute.';
  return '';
}

/** A tool error's text: status and reason first (so the model can match on them), the message, then advice. */
export function toolErrorText(op: Operation, f: Failure): string {
  const head = typeof f.extra.reason === 'string' ? `Error ${f.status} ${f.extra.reason}` : `Error ${f.status}`;
  return [`${head}: ${f.message}.`, advice(op, f)].filter(Boolean).join(' ').replace(/\.\./g, '.');
}
