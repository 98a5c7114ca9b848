import { gql } from '@apollo/client';
import { navigate } from 'gatsby';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError } from '../api-client';
import { createApolloClient } from '../apollo';

const API = 'http://localhost/api/v1';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  jest.mocked(navigate).mockClear();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const THING = gql`
  query Thing($id: String!) {
    thing(id: $id) @rest(type: "Thing", path: "/things/{args.id}") {
      id
      name
    }
  }
`;

const SAVE = gql`
  mutation Save($input: ThingInput!) {
    save(input: $input) @rest(type: "Thing", path: "/things", method: "POST") {
      id
      name
    }
  }
`;

describe('Apollo over the API client', () => {
  it('goes through the API client: no Authorization header, the cookie travels by itself', async () => {
    window.localStorage.setItem('token', 'abc');
    let authorization: string | null = 'not asked';
    server.use(
      http.get(`${API}/things/1`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ id: 1, name: 'One' });
      }),
    );
    const { data } = await createApolloClient().query({ query: THING, variables: { id: '1' } });
    expect(data.thing).toEqual({ __typename: 'Thing', id: 1, name: 'One' });
    expect(authorization).toBeNull();
  });

  it('sends mutation bodies as JSON', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/things`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 2, name: 'Two' });
      }),
    );
    const { data } = await createApolloClient().mutate({
      mutation: SAVE,
      variables: { input: { name: 'Two' } },
    });
    expect(body).toEqual({ name: 'Two' });
    expect(data.save.name).toBe('Two');
  });

  it("fails with the API client's error: the server's detail as the message", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/things/3`, () =>
        HttpResponse.json({ detail: 'No such thing.' }, { status: 404 }),
      ),
    );
    const failure = await createApolloClient()
      .query({ query: THING, variables: { id: '3' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'No such thing.' });
    expect((failure as { networkError: unknown }).networkError).toBeInstanceOf(ApiError);
  });

  it('treats a 401 as an ended session: the browser goes to /login', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/things/4`, () =>
        HttpResponse.json({ detail: 'Please log in again.' }, { status: 401 }),
      ),
    );
    await expect(
      createApolloClient().query({ query: THING, variables: { id: '4' } }),
    ).rejects.toThrow('Please log in again.');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
