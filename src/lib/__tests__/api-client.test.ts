import { navigate } from 'gatsby';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api, ApiError, apiBaseUrl, onUnauthorized } from '../api-client';

const API = 'http://localhost/api/v1';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  jest.mocked(navigate).mockClear();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function silenceErrors() {
  return jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('api client', () => {
  it('uses the same-origin /api/v1 base unless GATSBY_API_URL is set', () => {
    const saved = process.env.GATSBY_API_URL;
    delete process.env.GATSBY_API_URL;
    expect(apiBaseUrl()).toBe('/api/v1');
    process.env.GATSBY_API_URL = 'https://api.example.com/api/v1/';
    expect(apiBaseUrl()).toBe('https://api.example.com/api/v1');
    if (saved === undefined) delete process.env.GATSBY_API_URL;
    else process.env.GATSBY_API_URL = saved;
  });

  it('sends JSON bodies with a JSON content type and returns the parsed answer', async () => {
    let seen: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${API}/contact/`, async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ message: 'Thanks' });
      }),
    );
    await expect(api.post('/contact/', { name: 'Ada' })).resolves.toEqual({ message: 'Thanks' });
    expect(seen).toEqual({ type: 'application/json', body: { name: 'Ada' } });
  });

  it('form-encodes the body when asked', async () => {
    let seen: { type: string | null; body: string } | undefined;
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.text() };
        return HttpResponse.json({ access_token: 't', token_type: 'bearer' });
      }),
    );
    await api.post('/auth/login', { username: 'admin', password: 'p&ss word' }, { form: true });
    expect(seen?.type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen?.body).get('password')).toBe('p&ss word');
  });

  it('sends no credential of its own: the session cookie goes with same-origin requests', async () => {
    const seen: Array<[string | null, string]> = [];
    server.use(
      http.get(`${API}/auth/me`, ({ request }) => {
        seen.push([request.headers.get('authorization'), request.credentials]);
        return HttpResponse.json({ username: 'admin', role: 'admin' });
      }),
    );
    await api.get('/auth/me');
    // Whatever page script can reach is never sent as a credential.
    window.localStorage.setItem('token', 'abc.def');
    await api.get('/auth/me');
    expect(seen).toEqual([
      [null, 'same-origin'],
      [null, 'same-origin'],
    ]);
  });

  it('supports put and delete', async () => {
    server.use(
      http.put(`${API}/giveaway/1`, async ({ request }) => HttpResponse.json(await request.json())),
      http.delete(`${API}/giveaway/1`, () => HttpResponse.json({ success: true, message: 'Gone' })),
    );
    await expect(api.put('/giveaway/1', { title: 'T' })).resolves.toEqual({ title: 'T' });
    await expect(api.delete('/giveaway/1')).resolves.toEqual({ success: true, message: 'Gone' });
  });

  it.each([
    ['a string detail', { detail: 'Name is required.' }, 'Name is required.', 'Name is required.'],
    [
      'an object detail',
      { detail: { message: 'Service is unknown.' } },
      'Service is unknown.',
      'Service is unknown.',
    ],
    ['no detail', { error: 'x' }, 'HTTP error! status: 422', undefined],
  ])(
    'turns %s into the error message, logs it as a warning (a refusal) and rethrows an ApiError',
    async (_, body, message, detail) => {
      silenceErrors();
      const logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      server.use(http.post(`${API}/contact/`, () => HttpResponse.json(body, { status: 422 })));
      const error = await api.post('/contact/', {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 422, message, detail });
      expect(logged).toHaveBeenCalled();
    },
  );

  it('uses the status message for an empty or non-JSON error body', async () => {
    silenceErrors();
    server.use(http.get(`${API}/giveaway`, () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(api.get('/giveaway')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    silenceErrors();
    server.use(http.get(`${API}/giveaway`, () => HttpResponse.error()));
    await expect(api.get('/giveaway')).rejects.toMatchObject({ status: 0 });
  });

  it('on a 401 tells listeners and goes to /login', async () => {
    silenceErrors();
    const listener = jest.fn();
    const unsubscribe = onUnauthorized(listener);
    server.use(
      http.get(`${API}/contact/`, () =>
        HttpResponse.json({ detail: 'Token expired.' }, { status: 401 }),
      ),
    );
    await expect(api.get('/contact/')).rejects.toMatchObject({
      status: 401,
      message: 'Token expired.',
    });
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('does not redirect on a 401 when already on /login', async () => {
    silenceErrors();
    window.history.replaceState(null, '', '/login');
    server.use(http.get(`${API}/contact/`, () => new HttpResponse(null, { status: 401 })));
    await expect(api.get('/contact/')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller when authRedirect is off (the login call)', async () => {
    silenceErrors();
    const listener = jest.fn();
    const unsubscribe = onUnauthorized(listener);
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ detail: 'Invalid username or password.' }, { status: 401 }),
      ),
    );
    await expect(
      api.post(
        '/auth/login',
        { username: 'a', password: 'b' },
        { form: true, authRedirect: false },
      ),
    ).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('downloads files as blobs', async () => {
    server.use(
      http.get(
        `${API}/newsletter/subscribers.csv`,
        () =>
          new HttpResponse('email\na@example.com\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
    );
    const blob = await api.getBlob('/newsletter/subscribers.csv');
    await expect(blob.text()).resolves.toBe('email\na@example.com\n');
  });
});
