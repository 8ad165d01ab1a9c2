import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { evidence, jar, startScan, uploadEvidence } from '../support/evidence.js';
import { type Owner, startTestApp, type TestApp } from '../support/test-app.js';

// Judging touches the store only, never the shared counters: SQLite and PostgreSQL suffice.
const stores = backends().filter((b) => b.redisUrl === undefined);

/**
 * An upload that admits a cut (more game files than listed, a jar's entries capped, a memory harvest
 * truncated) is never `legit`: a file may be hidden past the cut (docs/scan-client.md, "What a
 * capped scan means"; domain/evidence-coverage.ts).
 */
describe.each(stores)('a capped scan on $name', (backend) => {
  let t: TestApp;
  let owner: Owner;

  beforeEach(async () => {
    t = await startTestApp(backend);
    owner = await t.createOwner();
  });
  afterEach(async () => t.close());

  const results = async (pin: string) =>
    (await t.api('GET', `/v1/pins/${pin}/results`, { key: owner.key })).json<{
      data: { cheating: string; integrity: string[]; detections: string[] };
    }>().data;

  it('comes back suspicious with the integrity entry, where the same scan whole is legit', async () => {
    const items = [jar('~/.minecraft/mods/harmless.jar', ['com/example/harmless/Mod.class'])];

    const whole = await startScan(t, owner.key);
    const wholeRes = await uploadEvidence(
      t,
      whole.token,
      evidence(whole.nonce, { files: { items, itemsTotal: 1 } }),
    );
    expect(wholeRes.json()).toMatchObject({ result: 'legit' });

    const capped = await startScan(t, owner.key);
    const res = await uploadEvidence(
      t,
      capped.token,
      evidence(capped.nonce, { files: { items, itemsTotal: 5_001 } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'suspicious' });
    const data = await results(capped.pin);
    expect(data.cheating).toBe('suspicious');
    expect(data.integrity).toEqual([
      'The scan could not send everything: 1 of 5,001 game files were listed; a file may be hidden among the rest.',
    ]);
  });

  it('a capped jar keeps a detection a detection, and says what was cut', async () => {
    const scan = await startScan(t, owner.key);
    const padded = {
      ...jar('~/.minecraft/mods/optimizer.jar', ['net/wurstclient/WurstClient.class']),
      entriesTotal: 20_001,
    };
    const res = await uploadEvidence(
      t,
      scan.token,
      evidence(scan.nonce, { files: { items: [padded], itemsTotal: 1 } }),
    );
    expect(res.json()).toMatchObject({ result: 'cheating' });
    const data = await results(scan.pin);
    expect(data.detections).toEqual(['Wurst in ~/.minecraft/mods/optimizer.jar']);
    expect(data.integrity).toEqual([
      'The scan could not send everything: 1 of 20,001 entries of ~/.minecraft/mods/optimizer.jar were listed; a class may be hidden among the rest.',
    ]);
  });

  it('a jar whose left-out entries are summed up by folder: matched by package, cut only when the folders were', async () => {
    // Every folder of the 20,000 left out was sent: a rule naming a package sees them all, no cut.
    const whole = await startScan(t, owner.key);
    const fat = {
      ...jar('~/.minecraft/mods/all-in-one.jar', ['shadow/lib/A.class']),
      entriesTotal: 20_001,
      entryFolders: ['shadow/lib/', 'net/wurstclient/hacks/'],
      entryFoldersTotal: 2,
    };
    const res = await uploadEvidence(
      t,
      whole.token,
      evidence(whole.nonce, { files: { items: [fat], itemsTotal: 1 } }),
    );
    expect(res.json()).toMatchObject({ result: 'cheating' });
    const data = await results(whole.pin);
    expect(data.detections).toEqual(['Wurst in ~/.minecraft/mods/all-in-one.jar']);
    expect(data.integrity).toEqual([]);

    // More folders than were sent: the cut is reported.
    const cut = await startScan(t, owner.key);
    const cutRes = await uploadEvidence(
      t,
      cut.token,
      evidence(cut.nonce, {
        files: {
          items: [{ ...fat, entryFolders: ['shadow/lib/'], entryFoldersTotal: 5_001 }],
          itemsTotal: 1,
        },
      }),
    );
    expect(cutRes.json()).toMatchObject({ result: 'suspicious' });
    expect((await results(cut.pin)).integrity).toEqual([
      'The scan could not send everything: 1 of 20,001 entries of ~/.minecraft/mods/all-in-one.jar were listed, and 1 of the 5,001 folders of the rest; a class may be hidden among those left out.',
    ]);
  });

  it('a jar listed by folder is cut once a rule of the game needs whole entry names', async () => {
    // 20,002 entries: 20,000 listed, the folder of one left out sent, one left out at the root.
    const fat = {
      ...jar('~/.minecraft/mods/all-in-one.jar', ['shadow/lib/A.class']),
      entriesTotal: 20_002,
      entryFolders: ['shadow/lib/'],
      entryFoldersTotal: 1,
      rootEntriesLeftOut: 1,
    };
    const upload = async () => {
      const scan = await startScan(t, owner.key);
      const res = await uploadEvidence(
        t,
        scan.token,
        evidence(scan.nonce, { files: { items: [fat], itemsTotal: 1 } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return { result: res.json().result as string, ...(await results(scan.pin)) };
    };
    // Only rules naming whole folders (the built-in ones): the folders stand for every entry.
    expect(await upload()).toMatchObject({ result: 'legit', integrity: [] });

    // A rule on a whole file name for another game changes nothing; one for this game does.
    const rule = (games: string[]) =>
      t.admin('POST', '/admin/v1/rules', {
        name: `RusherHack plugin (${games.join()})`,
        kind: 'jar-entry',
        pattern: 'rusherhack-plugin.json',
        match: 'exact',
        severity: 'detection',
        games,
      });
    await rule(['FiveM']);
    expect(await upload()).toMatchObject({ result: 'legit', integrity: [] });
    await rule(['Java']);
    expect(await upload()).toMatchObject({
      result: 'suspicious',
      integrity: [
        "The scan could not send everything: 1 archive was listed in part, the rest of its entries by folder only (~/.minecraft/mods/all-in-one.jar: 1 of 20,002 entries listed, 1 at its root only counted), and a jar-entry rule of this game matches an entry's whole name or part of it, which a folder does not show; a class may be hidden among those left out.",
      ],
    });
  });

  it('other running programs past the cap, and a resource pack not opened, are cuts', async () => {
    const upload = async (sources: Parameters<typeof evidence>[1]) => {
      const scan = await startScan(t, owner.key);
      const res = await uploadEvidence(t, scan.token, evidence(scan.nonce, sources));
      expect(res.statusCode, res.body).toBe(200);
      return { result: res.json().result as string, ...(await results(scan.pin)) };
    };
    const items = [{ name: 'a000', path: '/opt/decoy/python3', sha256: 'f'.repeat(64) }];
    const others = (truncated: boolean) => ({ items, total: truncated ? 600 : 1, truncated, unhashed: 0 });
    expect(await upload({ processes: { others: others(false) } })).toMatchObject({
      result: 'legit',
      integrity: [],
    });
    expect(await upload({ processes: { others: others(true) } })).toMatchObject({
      result: 'suspicious',
      integrity: [
        "The scan could not send everything: 1 of 600 other running programs were listed; a cheat's may be among those left out.",
      ],
    });
    // The built-in x-ray rule applies to Java: a pack it could not open is a pack it did not see.
    const pack = {
      path: '~/.minecraft/resourcepacks/huge.zip',
      kind: 'zip' as const,
      sha256: null,
      modifiedAt: null,
      read: false,
      description: null,
      enabled: null,
      textures: [],
      models: [],
      unreadable: 0,
    };
    expect(
      await upload({ files: { resourcePacks: [{ ...pack, read: true }], resourcePacksTotal: 1 } }),
    ).toMatchObject({ result: 'legit', integrity: [] });
    expect(await upload({ files: { resourcePacks: [pack], resourcePacksTotal: 1 } })).toMatchObject({
      result: 'suspicious',
      integrity: [
        'The scan could not send everything: 1 resource pack could not be opened (~/.minecraft/resourcepacks/huge.zip); an x-ray pack may be among them.',
      ],
    });
  });

  it('refuses a negative count like any invalid document', async () => {
    const scan = await startScan(t, owner.key);
    const res = await uploadEvidence(t, scan.token, evidence(scan.nonce, { files: { itemsTotal: -1 } }));
    expect(res.statusCode).toBe(400);
  });
});
