import { Type, type Static } from '@sinclair/typebox';

/** Every error the API returns. */
export const ErrorResponseSchema = Type.Object(
  {
    detail: Type.String(),
    /** A word for programs, on some refusals (e.g. `handle_taken`); the sentence is `detail`. */
    code: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
    ),
  },
  { $id: 'ErrorResponse' },
);

/** `{ message }`: a sentence for the person who made the request. */
export const MessageResponseSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponseSchema>;
