import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem, fakeClock } from '../support/http.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 3_600_000;
const PLAYER = { id: '100000000000000901', username: 'SharedPlayer' };

/** Share links (docs/dashboard.md, "Sharing"): public, expiring, revocable and redacted. */
describe.each(backends())('share links on $name', (backend) => {
  const clock = fakeClock(Date.parse('2026-07-01T10:00:00.000Z'));
  let t: TestApp;
  let owner: Owner;
  let cookie: string;
  let finished: string;

  const app = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as = cookie) =>
    t.app.inject({
      method,
      url: `/app/api${url}`,
      headers: { cookie: as },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const open = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  async function signIn(accountId: number): Promise<string> {
    const { url } = await t.admin<{ url: string }>('POST', `/admin/v1/accounts/${accountId}/sign-in-links`);
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname });
    return `scanpin_session=${res.cookies.find((c) => c.name === 'scanpin_session')?.value}`;
  }

  beforeAll(async () => {
    t = await startTestApp(backend, {}, clock);
    owner = await t.createOwner('Sharing Community');
    cookie = await signIn(owner.accountId);
    finished = await scanner(t).scan(
      owner.key,
      report({
        discord: [PLAYER],
        detections: ['Eulen <script>alert(1)</script>'],
        warnings: ['Defender off'],
        vpn: 'NordVPN',
        country: 'DE',
        logon: 'secret-windows-user',
        windows: 'Linux 6.1.0-28-amd64 (Debian GNU/Linux 12 (bookworm))',
        untrusted: ['C:\\Users\\ProfileName42\\AppData\\Local\\loader.exe'],
      }),
      ['HW-SHARED-SECRET-ID'],
      'Rust',
    );
  });
  afterAll(async () => t.close());

  it('shows the result publicly, without anything that identifies the player or the community', async () => {
    const made = await app('POST', `/pins/${finished}/share-links`, {});
    expect(made.statusCode).toBe(201);
    const { url, expiresAt } = made.json();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/share\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - clock()).toBe(7 * DAY);

    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    // The page's one inline style is allowed by its hash, and nothing else is (no outside loads).
    const style = /<style>([\s\S]*)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'`,
    );
    for (const shown of [
      'Rust',
      'cheating',
      'Defender off',
      'NordVPN',
      'DE',
      'Eulen &lt;script&gt;',
      'AppData\\Local\\loader.exe',
      // The system's facts are labelled by what they are, not as Windows.
      '<dt>System</dt><dd>Linux 6.1.0-28-amd64 (Debian GNU/Linux 12 (bookworm))</dd>',
    ]) {
      expect(page.body).toContain(shown);
    }
    expect(page.body).not.toContain('<dt>Windows</dt>');
    for (const hidden of [
      PLAYER.id,
      PLAYER.username,
      'HW-SHARED-SECRET-ID',
      'secret-windows-user',
      'Sharing Community',
      finished,
      '<script>',
      'ProfileName42',
    ]) {
      expect(page.body).not.toContain(hidden);
    }
  });

  it('drops the profile name from every way a path under Users is written', async () => {
    const pin = await scanner(t).scan(
      owner.key,
      report({
        untrusted: ['\\\\?\\c:\\USERS\\.\\LongPathName7\\AppData\\Local\\loader.exe'],
        suspicious: [
          '\\\\fileserver\\profiles\\Users\\..\\Users\\RoamingName8\\Desktop\\macro.ahk',
          'C:/Users/SlashName9/Downloads/inject.dll',
        ],
      }),
      ['HW-SHARED-PATHS'],
      'Rust',
    );
    const { url } = (await app('POST', `/pins/${pin}/share-links`, {})).json();
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    for (const shown of [
      '\\\\?\\c:\\USERS\\.\\…\\AppData\\Local\\loader.exe',
      '\\\\fileserver\\profiles\\Users\\..\\Users\\…\\Desktop\\macro.ahk',
      'C:/Users/…/Downloads/inject.dll',
    ]) {
      expect(page.body).toContain(shown);
    }
    for (const hidden of ['LongPathName7', 'RoamingName8', 'SlashName9'])
      expect(page.body).not.toContain(hidden);
  });

  it('expires when chosen (30 days at most) and can be withdrawn', async () => {
    const short = (await app('POST', `/pins/${finished}/share-links`, { expiresInDays: 1 })).json();
    expectProblem(
      await app('POST', `/pins/${finished}/share-links`, { expiresInDays: 31 }),
      400,
      'invalid_body',
    );
    expect((await open(short.url)).statusCode).toBe(200);
    clock.advance(DAY + 1);
    expect((await open(short.url)).statusCode).toBe(404);

    const withdrawn = (await app('POST', `/pins/${finished}/share-links`, {})).json();
    const listed = (await app('GET', `/pins/${finished}/share-links`)).json() as Array<{ id: number }>;
    expect(listed.map((l) => l.id)).toContain(withdrawn.id);
    expect((await app('DELETE', `/share-links/${withdrawn.id}`)).statusCode).toBe(204);
    const gone = await open(withdrawn.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('expired or was withdrawn');
    expect((await t.app.inject({ method: 'GET', url: `/share/${'x'.repeat(43)}` })).statusCode).toBe(404);
  });

  it('only shares a finished PIN the person may see', async () => {
    const pending = await t.createPin(owner.key);
    expectProblem(await app('POST', `/pins/${pending}/share-links`, {}), 409, 'pin_not_finished');
    const stranger = await signIn(await t.createAccount('Stranger'));
    expectProblem(await app('POST', `/pins/${finished}/share-links`, {}, stranger), 404, 'pin_not_found');
    const link = (await app('POST', `/pins/${finished}/share-links`, {})).json();
    expectProblem(
      await app('DELETE', `/share-links/${link.id}`, undefined, stranger),
      404,
      'share_link_not_found',
    );
  });

  it('may be withdrawn by whoever made it and by the Enterprise’s owner, and by no other member', async () => {
    const maker = await t.createAccount('Link maker');
    const colleague = await t.createAccount('Colleague');
    for (const id of [maker, colleague])
      await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: id });
    const makerCookie = await signIn(maker);
    const colleagueCookie = await signIn(colleague);
    const make = async () => (await app('POST', `/pins/${finished}/share-links`, {}, makerCookie)).json();

    // A colleague who may see the PIN sees the link, is told it is not theirs to withdraw, and who may.
    const first = await make();
    const seen = (
      await app('GET', `/pins/${finished}/share-links`, undefined, colleagueCookie)
    ).json() as Array<{
      id: number;
      mayWithdraw: boolean;
    }>;
    expect(seen.find((l) => l.id === first.id)).toMatchObject({ mayWithdraw: false });
    const refused = await app('DELETE', `/share-links/${first.id}`, undefined, colleagueCookie);
    expectProblem(refused, 403, 'share_link_forbidden');
    expect(refused.json().detail).toMatch(/whoever made it or by the owner/);
    expect((await open(first.url)).statusCode).toBe(200);
    // …while the colleague's own link is theirs to withdraw.
    const own = (await app('POST', `/pins/${finished}/share-links`, {}, colleagueCookie)).json();
    expect((await app('DELETE', `/share-links/${own.id}`, undefined, colleagueCookie)).statusCode).toBe(204);

    // The maker may.
    const listedToMaker = (await app('GET', `/pins/${finished}/share-links`, undefined, makerCookie)).json();
    expect(listedToMaker.find((l: { id: number }) => l.id === first.id)).toMatchObject({ mayWithdraw: true });
    expect((await app('DELETE', `/share-links/${first.id}`, undefined, makerCookie)).statusCode).toBe(204);
    expect((await open(first.url)).statusCode).toBe(404);

    // The owner may withdraw anyone's.
    const second = await make();
    const listedToOwner = (await app('GET', `/pins/${finished}/share-links`)).json();
    expect(listedToOwner.find((l: { id: number }) => l.id === second.id)).toMatchObject({
      mayWithdraw: true,
    });
    expect((await app('DELETE', `/share-links/${second.id}`)).statusCode).toBe(204);
    expect((await open(second.url)).statusCode).toBe(404);
  });

  it('withdraws a member’s links once they are removed or banned', async () => {
    const member = await t.createAccount('Sharing member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    const memberCookie = await signIn(member);
    const theirs = (await app('POST', `/pins/${finished}/share-links`, {}, memberCookie)).json();
    expect((await open(theirs.url)).statusCode).toBe(200);
    await t.admin('DELETE', `/admin/v1/enterprises/${owner.enterpriseId}/members/${member}`);
    expect((await open(theirs.url)).statusCode).toBe(404);

    const banned = await t.createAccount('Banned sharer');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: banned });
    const bannedLink = (await app('POST', `/pins/${finished}/share-links`, {}, await signIn(banned))).json();
    expect((await open(bannedLink.url)).statusCode).toBe(200);
    await t.admin('PATCH', `/admin/v1/accounts/${banned}`, { banned: true });
    expect((await open(bannedLink.url)).statusCode).toBe(404);
  });
});
