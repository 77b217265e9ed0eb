import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs. Credentials are redacted by path as a second line of defence: code never logs them. */
export function createLogger(level: string, name = 'agentdex'): Logger {
  return pino({
    name,
    level,
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
