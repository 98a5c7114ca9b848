import { HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

/** The API base as the client resolves it under jsdom (same origin, http://localhost). */
export const API = 'http://localhost/api/v1';

/**
 * An MSW server for one test file, started and reset around each test. `handlers` answer in every
 * test of the file (a test adds or overrides with `server.use`); unhandled requests fail the test
 * so a component can never silently call an endpoint the test did not expect. After each test the
 * stored session (localStorage) is cleared and spies are restored, so no test starts signed in or
 * with another test's mocks.
 */
export function setupApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    window.localStorage.clear();
    jest.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}

/** The API's answer to a refused request: the status and `{ detail }` with the sentence to show. */
export function detail(status: number, sentence: string) {
  return HttpResponse.json({ detail: sentence }, { status });
}
