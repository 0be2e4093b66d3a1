import { pino } from "pino";

/** Structured JSON logs; secrets are redacted wherever they could appear. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers["api-key"]',
        "req.headers.authorization",
        "req.headers.cookie",
        "req.body.password",
        "*.password",
        "*.api_key",
        "*.key_hash",
        "*.password_hash",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
