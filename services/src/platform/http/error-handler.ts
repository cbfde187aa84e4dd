import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@cafe/contracts';
import { HttpError } from '../errors.js';
import { DomainError, InvalidCommand } from '../commands/domain-errors.js';

/** The one place a domain refusal becomes an HTTP status. */
const DOMAIN_STATUS: Record<DomainError['kind'], number> = { 'not-found': 404, conflict: 409, invalid: 400 };

/** The one error handler: every failure leaves as JSON `{ message, issues? }` with the right status. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const issues = error instanceof InvalidCommand ? error.issues : undefined;
      const body: ErrorBody = { message: error.message, ...(error.code ? { code: error.code } : {}), ...(issues ? { issues } : {}) };
      return reply.status(DOMAIN_STATUS[error.kind]).send(body);
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The plugin's own type for these does not resolve for the linter; this is its documented shape.
      const validation = error.validation as { instancePath: string; message?: string }[];
      const issues = validation.map((v) => ({
        path: [
          ...(error.validationContext && error.validationContext !== 'body' ? [String(error.validationContext)] : []),
          ...v.instancePath.split('/').filter(Boolean),
        ],
        message: v.message ?? 'Invalid input',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid input', issues } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type, body too large, rate limit…): say it plainly.
      return reply.status(status).send({ message: clientMessage(error, status) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
  });
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json)';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty: send a JSON object';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    default:
      if (error.message && status !== 500) return error.message.replace(/^Body /, 'The request body ');
      return 'Bad request';
  }
}
