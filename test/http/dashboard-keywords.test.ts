import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { asPerson, type Person, signIn } from '../support/person.js';
import { report, scanner } from '../support/scan.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** Custom suspicious keywords in the dashboard (docs/api.md, "Reading a finished scan"). */
describe.each(backends())('dashboard keywords on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;
  let otherP: Person;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('Keyword Owner');
    ownerP = await signIn(t, owner.accountId);
    otherP = await signIn(t, await t.createAccount('Someone Else'));
  });
  afterAll(async () => t.close());

  it('starts empty, stores what is put (normalised), and reads it back', async () => {
    expect((await ownerP.get('/keywords')).json()).toEqual({ keywords: [] });
    const put = await ownerP.call('PUT', '/keywords', { keywords: ['  Injector ', 'injector', 'CHEAT'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ keywords: ['injector', 'cheat'] });
    expect((await ownerP.get('/keywords')).json().keywords.sort()).toEqual(['cheat', 'injector']);
    // Another person's list is their own.
    expect((await otherP.get('/keywords')).json()).toEqual({ keywords: [] });
  });

  it('flags matching artifacts of the person’s next scans', async () => {
    await ownerP.call('PUT', '/keywords', { keywords: ['loader'] });
    const pin = await scanner(t).scan(
      owner.key,
      report({ artifacts: ['C:\\Tools\\Loader.exe', 'notes.txt'] }),
      ['HW-KEYWORDS'],
    );
    const results = (await ownerP.get(`/pins/${pin}`)).json().results;
    expect(results).toMatchObject({
      result: 'suspicious',
      data: { customSuspicious: ['C:\\Tools\\Loader.exe'] },
    });
  });

  it('matches fullwidth and other compatibility forms of a keyword, and stores such forms once', async () => {
    const put = await ownerP.call('PUT', '/keywords', {
      keywords: ['KillAura', 'ｋｉｌｌａｕｒａ', 'Strasse'],
    });
    expect(put.json()).toEqual({ keywords: ['killaura', 'strasse'] });
    const pin = await scanner(t).scan(
      owner.key,
      report({
        artifacts: [
          'C:\\mods\\ｋｉｌｌａｕｒａ-1.8.jar',
          'C:\\Tools\\STRAẞE.exe',
          'notes.txt',
          'кillaura.jar',
        ],
      }),
      ['HW-KEYWORDS-FULLWIDTH'],
    );
    const results = (await ownerP.get(`/pins/${pin}`)).json().results;
    expect(results).toMatchObject({
      result: 'suspicious',
      data: { customSuspicious: ['C:\\mods\\ｋｉｌｌａｕｒａ-1.8.jar', 'C:\\Tools\\STRAẞE.exe'] },
    });
  });

  it('clears the list with an empty one', async () => {
    expect((await ownerP.call('PUT', '/keywords', { keywords: [] })).json()).toEqual({ keywords: [] });
    expect((await ownerP.get('/keywords')).json()).toEqual({ keywords: [] });
  });

  it('refuses malformed lists with 400 and keeps the old one', async () => {
    await ownerP.call('PUT', '/keywords', { keywords: ['kept'] });
    for (const body of [
      {},
      { keywords: 'kept' },
      { keywords: [''] },
      { keywords: ['x'.repeat(101)] },
      { keywords: Array.from({ length: 501 }, (_, i) => `k${i}`) },
      { keywords: [], extra: true },
    ]) {
      expectProblem(await ownerP.call('PUT', '/keywords', body), 400, 'invalid_body');
    }
    expect((await ownerP.get('/keywords')).json()).toEqual({ keywords: ['kept'] });
  });

  it('answers 401 not_signed_in without a session', async () => {
    expectProblem(await asPerson(t, '').get('/keywords'), 401, 'not_signed_in');
    expectProblem(await asPerson(t, '').call('PUT', '/keywords', { keywords: [] }), 401, 'not_signed_in');
  });
});
