import pino, { type Logger } from 'pino';
import { activeTraceIds } from './observability/tracing';

export type { Logger };

/** JSON logs, with the trace and span ids of the work they were written in when tracing is on. Credentials are redacted by path as a second line of defence: code never logs them. */
export function createLogger(level: string, name = 'agentdex'): Logger {
  return pino({
    name,
    level,
    // With tracing on, a line written inside a traced request or activity names its trace and span.
    mixin: activeTraceIds,
    redact: {
      paths: [
        'headers["x-api-key"]',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'req.headers.authorization',
        'access_token',
        '*.access_token',
        'client_secret',
        '*.client_secret',
        'apiKey',
        '*.apiKey',
        'rawKey',
        '*.rawKey',
        'key',
        '*.key',
      ],
      censor: '[redacted]',
    },
  });
}
