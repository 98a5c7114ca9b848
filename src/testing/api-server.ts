import { setupServer } from 'msw/node';

/** The API base as the client resolves it under jsdom (same origin, http://localhost). */
export const API = 'http://localhost/api/v1';

/**
 * An MSW server for one test file, started and reset around each test. Unhandled requests fail
 * the test so a component can never silently call an endpoint the test did not expect.
 */
export function setupApiServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
