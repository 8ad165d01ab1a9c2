import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** A signed-in person in the dashboard API: their session cookie and calls made with it. */
export interface Person {
  cookie: string;
  get(path: string): Promise<LightMyRequestResponse>;
  call(method: InjectOptions['method'], path: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/** Signs `accountId` in as a person does: an operator's sign-in link, then the confirm POST. */
export async function signIn(t: TestApp, accountId: number): Promise<Person> {
  const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
  const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
  const value = res.cookies.find((c) => c.name === 'scanpin_session')?.value;
  if (value === undefined) throw new Error(`sign-in -> ${res.statusCode} ${res.body}`);
  return asPerson(t, `scanpin_session=${value}`);
}

/** Dashboard API calls with `cookie` ('' for someone not signed in). */
export function asPerson(t: TestApp, cookie: string): Person {
  const call: Person['call'] = (method, path, body) =>
    t.app.inject({
      method,
      url: `/app/api${path}`,
      headers: {
        ...(cookie === '' ? {} : { cookie }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return { cookie, get: (path) => call('GET', path), call };
}
