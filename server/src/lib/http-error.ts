/** An error whose message is a sentence the client may read. Anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** A word for programs, sent beside the sentence as `code` (e.g. `handle_taken`). */
    public readonly code?: string,
    /** The fields the refusal is about, each with its own sentence, sent as `errors`. */
    public readonly fieldErrors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Please log in to continue.') => new HttpError(401, detail);
export const forbidden = (detail = 'Your account does not have permission to do this.') =>
  new HttpError(403, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string, code?: string) => new HttpError(409, detail, {}, code);
