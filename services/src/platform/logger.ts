import pino, { type Logger } from 'pino';

export function createLogger(level: string, name = 'cafe'): Logger {
  return pino({ name, level, redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true } });
}
