import { Type, type Static } from '@sinclair/typebox';

export const HealthResponseSchema = Type.Object({ status: Type.Literal('ok') });

const CheckSchema = Type.Union([
  Type.Literal('ok'),
  Type.Literal('unreachable'),
  Type.Literal('not configured'),
]);

/**
 * Readiness: whether this process can serve requests now, i.e. its database answers, and Redis
 * too when REDIS_URL is set. 200 when ready, 503 with a detail naming what does not answer.
 */
export const ReadinessResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  database: CheckSchema,
  redis: CheckSchema,
  detail: Type.Optional(Type.String()),
});
export type ReadinessResponse = Static<typeof ReadinessResponseSchema>;
