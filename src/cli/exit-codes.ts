import { APIConnectionError, APIError, AuthenticationError, PaymentRequiredError, PermissionDeniedError, RateLimitError } from '../client';
import { UsageError } from './inputs';

/** decisions.md, "Typed client and CLI". */
export const ExitCode = { ok: 0, unexpected: 1, usage: 2, auth: 3, limit: 4, server: 5 } as const;

/**
 * The exit code for a failure: bad input (ours, or a 4xx naming it) is a usage error, refused keys are
 * auth, quota/spend/trial refusals are limits, and anything the server or network did is server.
 */
export function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError) return ExitCode.usage;
  if (err instanceof AuthenticationError || err instanceof PermissionDeniedError) return ExitCode.auth;
  if (err instanceof PaymentRequiredError || err instanceof RateLimitError) return ExitCode.limit;
  if (err instanceof APIConnectionError) return ExitCode.server; // refused, reset, timed out
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND)$/.test(String((err as { code?: unknown })?.code))) return ExitCode.server; // admin's database
  if (err instanceof APIError && err.status !== undefined) {
    if (err.status >= 500) return ExitCode.server;
    if (err.status >= 400) return ExitCode.usage;
  }
  return ExitCode.unexpected;
}
