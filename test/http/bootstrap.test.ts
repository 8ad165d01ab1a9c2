import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { backends } from '../support/backends.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

/** Makes every API key insert fail, as a full disk or a lost connection would mid-bootstrap. */
async function breakKeyInserts(t: TestApp): Promise<void> {
  const db = t.deps.store.db;
  if (t.deps.store.dialect === 'sqlite') {
    await sql`create trigger refuse_keys before insert on api_keys begin select raise(abort, 'refused by test'); end`.execute(
      db,
    );
  } else {
    await sql`create function refuse_keys() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_keys before insert on api_keys for each row execute function refuse_keys()`.execute(
      db,
    );
  }
}

async function count(t: TestApp, table: 'accounts' | 'enterprises' | 'api_keys'): Promise<number> {
  const row = await t.deps.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(backends().filter((b) => !b.redisUrl))('admin bootstrap on $name', (backend) => {
  it('leaves no account or Enterprise behind when a later step fails', async () => {
    const t = await startTestApp(backend);
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      await breakKeyInserts(t);
      const err: string[] = [];
      const code = await runCli(
        ['admin', '--url', url, '--token', ADMIN_TOKEN, 'bootstrap', '--enterprise', 'Acme'],
        {
          out: () => {},
          err: (s) => err.push(s),
        },
      );
      expect(code).not.toBe(0);
      expect({ accounts: await count(t, 'accounts'), enterprises: await count(t, 'enterprises') }).toEqual({
        accounts: 0,
        enterprises: 0,
      });
    } finally {
      await t.close();
    }
  });

  it('creates the owner, the Enterprise and an all-permission key in one call', async () => {
    const t = await startTestApp(backend);
    try {
      const res = await t.adminRaw('POST', '/admin/v1/bootstrap', {
        enterprise: 'Acme',
        discordId: '123456789012345678',
      });
      expect(res.statusCode).toBe(201);
      const made = res.json();
      expect(made.key).toMatch(/^sp_[0-9A-Za-z]{32,}$/);
      const account = await t.admin<{ name: string; discordId: string }>(
        'GET',
        `/admin/v1/accounts/${made.accountId}`,
      );
      expect(account).toMatchObject({ name: 'Acme owner', discordId: '123456789012345678' });
      const pin = await t.api('POST', '/v1/pins/create', { key: made.key, body: { type: 'Rust' } });
      expect(pin.statusCode).toBe(201);
      expect(pin.json().enterprise).toBe('Acme');

      // The printed sign-in link signs the new owner in to the dashboard, once.
      expect(made.signIn.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/sign-in\/[A-Za-z0-9_-]{20,}$/);
      const path = new URL(made.signIn.url).pathname;
      const signedIn = await t.app.inject({ method: 'POST', url: path });
      expect(signedIn.statusCode).toBe(303);
      const cookie = signedIn.cookies.find((c) => c.name === 'scanpin_session');
      const me = await t.app.inject({
        method: 'GET',
        url: '/app/api/me',
        headers: { cookie: `scanpin_session=${cookie?.value}` },
      });
      expect(me.json()).toMatchObject({ accountId: made.accountId, name: 'Acme owner' });
      expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
