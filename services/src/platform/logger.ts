import pino, { type Logger } from 'pino';

/**
 * Query parameters whose values never reach a log line: the guest links' tokens grant access to a
 * booking, and the others carry a guest's personal data (the guest record's `email`, the booking
 * search's `q` fragment of a name, e-mail or phone, and any name/phone/search a route may take).
 */
const SECRET_PARAMS = /([?&](?:token|email|q|query|search|name|phone)=)[^&#]*/gi;

/** Path segments that are signed links (a booking's, a sign-up's, an open table's host): each grants access. */
const TOKEN_PATHS = /(\/api\/(?:guest-bookings|event-sign-ups|open-tables\/host)\/)[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, name = 'cafe', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
