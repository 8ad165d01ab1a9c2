import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/http.js';
import { type Person, signIn } from '../support/person.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

/** One past the largest row id PostgreSQL holds (ids are 32-bit there). */
const PAST_ROW_IDS = '2147483648';

/**
 * Bad input to the dashboard API is a 400 that changes nothing, on every store (docs/api.md,
 * "Errors"): PostgreSQL refuses some values SQLite takes, so the API must refuse them first.
 */
describe.each(backends())('dashboard bad input on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;
  let ownerP: Person;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner('Careful Owner');
    ownerP = await signIn(t, owner.accountId);
  });
  afterAll(async () => t.close());

  it('refuses ids past the 32-bit range in every path with 400, and changes nothing', async () => {
    const member = await t.createAccount('Kept Member');
    await t.admin('POST', `/admin/v1/enterprises/${owner.enterpriseId}/members`, { accountId: member });
    for (const [method, path] of [
      ['DELETE', `/sessions/${PAST_ROW_IDS}`],
      ['GET', `/enterprises/${PAST_ROW_IDS}/members`],
      ['DELETE', `/enterprises/${owner.enterpriseId}/members/${PAST_ROW_IDS}`],
      ['DELETE', `/enterprises/${PAST_ROW_IDS}/members/${member}`],
      ['POST', `/enterprises/${PAST_ROW_IDS}/invites`],
      ['GET', `/enterprises/${PAST_ROW_IDS}/invites`],
      ['DELETE', `/invites/${PAST_ROW_IDS}`],
      ['DELETE', `/share-links/${PAST_ROW_IDS}`],
      ['DELETE', `/keys/${PAST_ROW_IDS}`],
      ['GET', `/webhooks/${PAST_ROW_IDS}`],
    ] as const) {
      const res = await ownerP.call(method, path, method === 'POST' ? {} : undefined);
      expectProblem(res, 400, 'invalid_parameter');
    }
    expect((await ownerP.get('/me')).statusCode).toBe(200);
    const members = (await ownerP.get(`/enterprises/${owner.enterpriseId}/members`)).json().members;
    expect(members.map((m: { accountId: number }) => m.accountId)).toEqual([member]);
  });

  it('refuses a PIN search holding U+0000 with 400', async () => {
    expectProblem(await ownerP.get('/pins?search=%00'), 400, 'invalid_parameter');
    expectProblem(await ownerP.get('/pins?search=A%00B'), 400, 'invalid_parameter');
    expect((await ownerP.get('/pins?search=A')).statusCode).toBe(200);
  });
});
