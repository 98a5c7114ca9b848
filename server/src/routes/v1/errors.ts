import { ErrorResponseSchema } from '@site/contracts';

/** The error answers an API route may give, each `{"detail": …}`. */
export const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
