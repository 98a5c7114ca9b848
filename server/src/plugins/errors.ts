import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

interface FieldError {
  field: string;
  message: string;
}

/** Fastify's own client errors, by code, with sentences a person can act on. */
export const FRAMEWORK_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: 'This endpoint accepts application/json (or form-encoded data where documented).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    detail: 'The request body is too large (the limit is 64 kB).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    detail: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    detail: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: { status: 400, detail: 'The request URL is malformed.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, detail: 'The request could not be routed.' },
};

/**
 * Errors Node finds on a connection before Fastify has a request to answer (a request that took
 * longer than REQUEST_TIMEOUT_SECONDS to arrive, headers too large, bytes that are no HTTP), by
 * Node's error code, with the status and the sentence sent back.
 */
const CONNECTION_ERRORS: Record<string, { status: number; reason: string; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: 'The request took too long to arrive. Please send it again.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'The request headers are too large.',
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  detail: 'The request could not be understood.',
};

/**
 * Fastify's clientErrorHandler: the answer to such an error is written on the raw socket, in the
 * same `{"detail": …}` shape as every other error, and the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // The client is gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, detail } =
    (error.code ? CONNECTION_ERRORS[error.code] : undefined) ?? MALFORMED_REQUEST;
  this.log.debug({ code: error.code }, 'connection error');
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

function validationDetail(error: FastifyError): { detail: string; errors: FieldError[] } {
  // The strict validator (lib/strict-validator.ts) has already worded each message.
  const errors: FieldError[] = (error.validation ?? []).map((v) => ({
    field: fieldName(v.instancePath),
    message: v.message ?? 'is invalid',
  }));
  const where = error.validationContext ?? 'body';
  const first = errors[0];
  const detail = first
    ? `Please check the ${where}: ${first.field} ${first.message}.`
    : `Please check the ${where}: it does not match what this endpoint accepts.`;
  return { detail, errors };
}

/**
 * Every error leaves as `{"detail": "<sentence>"}`. Client errors keep their status; anything
 * unexpected is logged in full and answered with a generic 500 that reveals nothing internal.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          detail: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.fieldErrors?.length ? { errors: error.fieldErrors } : {}),
        });
    }
    if (error.validation) {
      return reply.code(400).send(validationDetail(error));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: known.detail });

    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ detail: 'The request could not be processed.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ detail: 'Something went wrong on our side. Please try again in a moment.' });
  });
});
