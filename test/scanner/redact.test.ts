import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvidenceDocument } from '../../packages/scanner/src/evidence/document.js';
import {
  injectionArguments,
  looksLikeSecret,
  REDACTED,
  redactArguments,
  redactEvidence,
  redactText,
} from '../../packages/scanner/src/redact.js';

/** A secret value: no space, quote or list separator (those end an unquoted value), at least one digit. */
const value = fc
  .stringMatching(/^[A-Za-z0-9._~+/=-]{6,40}$/)
  .filter((v) => /\d/.test(v) && !REDACTED.includes(v));
/** A value that fits in a URL's user information. */
const urlValue = fc.stringMatching(/^[A-Za-z0-9]{6,24}$/).filter((v) => /\d/.test(v));
const b64url = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => Buffer.from(b).toString('base64url'));
const mixes = (s: string) => /\d/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s);

/** Names of secrets as launchers, the JVM, proxies and JSON write them. */
const secretName = fc.constantFrom(
  'token',
  'accessToken',
  'access_token',
  'accesstoken',
  'clientToken',
  'refresh-token',
  'password',
  'passwd',
  'pass',
  'proxyPass',
  'proxyPassword',
  'http.proxyPassword',
  'secret',
  'clientSecret',
  'session',
  'sessionId',
  'auth',
  'authToken',
  'Authorization',
  'apiKey',
  'api_key',
  'key',
  'privateKey',
  'credential',
  'credentials',
  'cookie',
  'xuid',
  'clientId',
);

/** One planted secret: the text as it appears, and the part that must not survive. */
type Planted = { text: string; secret: string };

const planted: fc.Arbitrary<Planted> = fc.oneof(
  fc
    .tuple(
      secretName,
      value,
      fc.constantFrom(
        '%n=%v',
        '%n: %v',
        '%n:%v',
        '"%n":"%v"',
        "'%n': '%v'",
        '--%n %v',
        '--%n=%v',
        '-D%n=%v',
        '-Dsome.prop.%n=%v',
        '%n = "%v and more"',
        '?%n=%v&x=1',
      ),
    )
    .map(([n, v, form]) => ({ text: form.replace('%n', n).replace('%v', v), secret: v })),
  urlValue.map((v) => ({ text: `https://player:${v}@proxy.example:8080/`, secret: v })),
  value.filter((v) => v.length >= 8).map((v) => ({ text: `Authorization: Bearer ${v}`, secret: v })),
  fc
    .tuple(b64url(8, 40), b64url(8, 80), b64url(16, 43))
    .map(([h, p, s]) => `eyJ${h}.${p}.${s}`)
    .map((jwt) => ({ text: jwt, secret: jwt })),
  fc
    .uint8Array({ minLength: 16, maxLength: 64 })
    .map((b) => Buffer.from(b).toString('hex'))
    .map((hex) => ({ text: hex, secret: hex })),
  b64url(24, 64)
    .filter(mixes)
    .map((t) => ({ text: t, secret: t })),
  fc
    .tuple(b64url(18, 20), b64url(4, 6), b64url(20, 30))
    .map((parts) => parts.join('.'))
    .filter(mixes)
    .map((t) => ({ text: t, secret: t })),
);

/** Harmless text a secret sits in: a log line's start, a class name, a path. */
const around = fc.constantFrom(
  '',
  '[12:00:05] [Render thread/INFO]: loader',
  'net/wurstclient/hacks/KillauraHack',
  '~/.minecraft/mods/esp.jar',
  'java -Xmx4G',
  '{',
  '(',
);
const separator = fc.constantFrom(' ', ', ', '; ', '\t', ' | ');
const sentence = fc
  .tuple(around, separator, planted, separator, around)
  .map(([a, s1, p, s2, b]) => ({ text: `${a}${s1}${p.text}${s2}${b}`, secret: p.secret }));

/**
 * A document with every source filled the way a scan fills it, harmless: class names, entry names,
 * paths, command lines and log lines a rule matches must come back unchanged.
 */
function harmlessDocument(): EvidenceDocument {
  const at = '2024-05-01T12:00:00.000Z';
  return {
    schema: 2,
    nonce: 'n0nce_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    client: { version: '0.1.0', platform: 'linux', arch: 'x64' },
    sources: {
      processes: {
        status: 'collected',
        reason: null,
        items: [
          {
            pid: 4242,
            name: 'java',
            path: '/usr/lib/jvm/java-17-openjdk-amd64/bin/java',
            sha256: 'ab'.repeat(32),
            startedAt: at,
            commandLine:
              'java -Xmx4G -Djava.library.path=/home/p/.minecraft/natives -javaagent:/x/agent.jar net.minecraft.client.main.Main --username Steve --version 1.20.4 --gameDir ~/.minecraft --assetIndex 12',
            injections: ['-javaagent:/x/agent.jar'],
          },
        ],
      },
      memory: {
        status: 'collected',
        reason: null,
        items: [
          {
            pid: 4242,
            process: 'java',
            readable: true,
            reason: null,
            bytesScanned: 1024,
            regions: 3,
            classNames: [
              'net/wurstclient/WurstClient',
              'net/wurstclient/hacks/KillauraHack',
              'meteordevelopment/meteorclient/MeteorClient',
              'net/minecraft/client/render/entity/feature/ArmorFeatureRenderer',
              'net/fabricmc/fabric/mixin/networking/client/AbstractClientPlayerEntityRendererMixinAccessor',
              'net/minecraft/class_1234',
            ],
            strings: ['[KillAura] enabled', 'org.example.loader.Main', 'ESP: on, range 4.5'],
            truncated: false,
          },
        ],
      },
      files: {
        status: 'collected',
        reason: null,
        installations: ['~/.minecraft', '~/.local/share/PrismLauncher/instances/Fabric 1.20/.minecraft'],
        items: [
          {
            path: '~/.minecraft/mods/performance-helper.jar',
            kind: 'jar',
            size: 1234,
            modifiedAt: at,
            createdAt: null,
            sha256: 'cd'.repeat(32),
            entries: [
              'net/wurstclient/WurstClient.class',
              'fabric.mod.json',
              'assets/wurst/textures/oak_planks_2_variant_extra_long_name.png',
              'META-INF/jars/fabric-api-base-0.4.31+ef105b4977.jar',
            ],
            entriesTotal: 4,
          },
          {
            path: '~/curseforge/minecraft/Instances/123e4567-e89b-12d3-a456-426614174000/mods/sodium-fabric-0.5.8+mc1.20.4.jar',
            kind: 'jar',
            size: 99,
            modifiedAt: null,
            createdAt: null,
            sha256: 'ef'.repeat(32),
            entries: [],
            entriesTotal: 0,
          },
        ],
      },
      logs: {
        status: 'collected',
        reason: null,
        items: [
          {
            path: '~/.minecraft/logs/latest.log',
            lines: ['[12:00:05] [Render thread/INFO]: [KillAura] enabled', 'Setting user: Steve'],
          },
        ],
      },
      discord: {
        status: 'collected',
        reason: null,
        accounts: [{ id: '123456789012345678', username: 'Player', client: 'discord' }],
      },
      network: {
        status: 'collected',
        reason: null,
        adapters: [{ name: 'wg0', kind: 'vpn', up: true, hasAddress: true, description: 'WireGuard Tunnel' }],
      },
      system: {
        status: 'collected',
        reason: null,
        os: 'Linux 6.1.0 (Debian GNU/Linux 12)',
        bootedAt: at,
        logonAt: null,
        virtualMachine: [],
        clientTime: at,
      },
      prefetch: {
        status: 'collected',
        reason: null,
        enabled: true,
        folder: 'C:/Windows/Prefetch',
        folderModifiedAt: at,
        filesTotal: 1,
        unreadable: 0,
        items: [
          {
            path: 'C:/Windows/Prefetch/CHEAT.EXE-1A2B3C4D.pf',
            version: 30,
            executable: 'CHEAT.EXE',
            hash: '1A2B3C4D',
            runCount: 3,
            lastRuns: [at],
            executablePath: '\\VOLUME{01d7a1b2c3d4e5f6-1a2b3c4d}\\USERS\\PLAYER\\DOWNLOADS\\CHEAT.EXE',
            modifiedAt: at,
            createdAt: at,
          },
        ],
      },
      bam: {
        status: 'collected',
        reason: null,
        from: 'registry',
        controlSet: 'ControlSet001',
        items: [
          {
            service: 'bam',
            sid: 'S-1-5-21-3623811015-3361044348-30300820-1013',
            program: '\\Device\\HarddiskVolume3\\Users\\Player\\Downloads\\cheat.exe',
            lastRun: at,
          },
        ],
      },
      pca: {
        status: 'collected',
        reason: null,
        skippedLines: 0,
        items: [
          {
            file: 'PcaAppLaunchDic.txt',
            path: '~/Downloads/cheat.exe',
            time: at,
            runStatus: null,
            exitCode: null,
          },
        ],
      },
      recycleBin: {
        status: 'collected',
        reason: null,
        drives: ['C:'],
        items: [
          {
            path: 'C:/$Recycle.Bin/S-1-5-21-3623811015-3361044348-30300820-1013/$IABC123.exe',
            version: 2,
            originalPath: '~/Downloads/autoclicker.exe',
            size: 1,
            deletedAt: at,
            dataPresent: false,
          },
        ],
      },
      gameFolders: {
        status: 'collected',
        reason: null,
        folders: ['~/AppData/Local/FiveM/FiveM.app/plugins'],
        items: [
          {
            path: '~/AppData/Local/Temp/JNativeHook_2150123.dll',
            folder: 'temp',
            kind: 'file',
            size: 1,
            modifiedAt: null,
            createdAt: null,
            sha256: null,
          },
        ],
      },
      programs: {
        status: 'collected',
        reason: null,
        items: [
          {
            path: '~/Downloads/cheat.exe',
            name: 'cheat.exe',
            exists: false,
            sha256: null,
            modifiedAt: null,
            createdAt: null,
            signature: {
              status: 'signed-valid',
              signer: 'CN=Example Corp, O=Example Corp, C=US',
              issuer: 'CN=Example CA',
              selfSigned: false,
              reason: null,
              signedAt: at,
            },
            timeline: [{ source: 'prefetch', at }],
          },
        ],
      },
    },
  };
}

/** Every string of the document, with where it is (`sources.logs.items.0.lines.1`), but the fields kept whole. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, String(i)]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      ['nonce', 'sha256', 'sha1', 'hash'].includes(k) ? [] : stringPaths(v, [...path, k]),
    );
  return [];
}

function setAt(root: unknown, path: string[], text: string): void {
  let node = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1) as string] = text;
}

describe('redaction of everything the scanner sends (docs/scan-client.md, "Redaction")', () => {
  const paths = stringPaths(harmlessDocument());

  it('plants strings in every source of the document', () => {
    const sources = new Set(paths.filter((p) => p[0] === 'sources').map((p) => p[1]));
    expect([...sources].sort()).toEqual(Object.keys(harmlessDocument().sources).sort());
  });

  it('no generated secret survives, wherever in the document it is planted', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: paths.length, maxLength: paths.length }), (sentences) => {
        const doc = harmlessDocument();
        paths.forEach((p, i) => {
          setAt(doc, p, (sentences[i] as { text: string }).text);
        });
        const sent = JSON.stringify(redactEvidence(doc));
        for (const { secret } of sentences) expect(sent).not.toContain(secret);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves detection evidence whole: class names, entry and file names, paths, command lines without secrets', () => {
    const doc = harmlessDocument();
    expect(redactEvidence(doc)).toEqual(doc);
  });

  it('keeps generated class names and file names of ordinary mods', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
    const simpleName = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^\d{0,2}$/))
      .map(([words, digits]) => `${words.join('')}${digits}`);
    const className = fc
      .tuple(fc.array(fc.stringMatching(/^[a-z]{2,12}$/), { minLength: 1, maxLength: 5 }), simpleName)
      .map(([pkg, name]) => `${pkg.join('/')}/${name}`);
    const modFile = fc
      .tuple(
        fc.stringMatching(/^[a-z]{3,10}(-[a-z]{3,10}){0,3}$/),
        fc.stringMatching(/^\d{1,2}\.\d{1,2}\.\d{1,3}$/),
      )
      .map(([name, version]) => `~/.minecraft/mods/${name}-${version}+mc1.20.4.jar`);
    fc.assert(
      fc.property(className, modFile, (c, f) => {
        expect(redactText(c)).toBe(c);
        expect(redactText(`${c}.class`)).toBe(`${c}.class`);
        expect(redactText(f)).toBe(f);
      }),
    );
  });

  it('keeps the fields that are no free text: the nonce and fingerprints', () => {
    const doc = harmlessDocument();
    doc.nonce = 'a'.repeat(16) + 'B1'.repeat(12);
    expect(redactEvidence(doc).nonce).toBe(doc.nonce);
    // An Amcache record's SHA-1 is 40 hexadecimal digits, a run that would read as a key elsewhere.
    const sha1 = '3f786850e387550fdab836ed7e6dc881de23001b';
    expect(looksLikeSecret(sha1)).toBe(true);
    expect(redactEvidence({ amcache: { items: [{ path: '~/downloads/cheat.exe', sha1 }] } })).toEqual({
      amcache: { items: [{ path: '~/downloads/cheat.exe', sha1 }] },
    });
  });

  it('the forms the review found: --proxyPass, -Dpassword=, -DaccessToken=, a JWT after --accessToken', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlMTIzNDU2Nzg5MA';
    const line = `java -Dpassword=hunter2 -DaccessToken=abc123def --proxyPass s3cretpass net.minecraft.client.main.Main --accessToken ${jwt} --version 1.20.4 loader`;
    expect(redactText(line)).toBe(
      'java -Dpassword=<redacted> -DaccessToken=<redacted> --proxyPass <redacted> net.minecraft.client.main.Main --accessToken <redacted> --version 1.20.4 loader',
    );
    expect(redactText(`loader.esp ${jwt}`)).toBe('loader.esp <redacted>');
  });

  it('reads every name=value in a run of them (user=token=…), and not words that only contain a short name', () => {
    expect(redactText('user=token=abc123')).toBe('user=token=<redacted>');
    expect(redactText('bypass=true keybind: R monkey=1')).toBe('bypass=true keybind: R monkey=1');
  });

  it('judges long runs: hexadecimal or mixed like a token is a secret, words and identifiers are not', () => {
    expect(looksLikeSecret('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(looksLikeSecret('q7Hk2LmN9pR4sT6vW8xY0zA1bC3dE5fG')).toBe(true);
    expect(looksLikeSecret('AbstractClientPlayerEntityRendererMixin')).toBe(false);
    expect(looksLikeSecret('123e4567-e89b-12d3-a456-426614174000')).toBe(false);
    expect(looksLikeSecret('S-1-5-21-3623811015-3361044348-30300820-1013')).toBe(false);
  });
});

describe('command-line redaction', () => {
  const harmless = fc.constantFrom(
    '--version',
    '1.20.4',
    '--gameDir',
    '/home/p/.minecraft',
    '-Xmx4G',
    '--username',
    'Steve',
  );
  const flag = fc.constantFrom(
    '--accessToken',
    '--accesstoken',
    '--session',
    '--password',
    '--token',
    '--clientId',
    '--xuid',
    '--proxyPass',
    '--proxyPassword',
    '--auth',
    '--key',
  );

  it('no value that follows a secret flag, or is assigned to a secret name, survives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            harmless.map((a) => ({ args: [a], secret: null })),
            fc.tuple(flag, value).map(([f, s]) => ({ args: [f, s], secret: s })),
            value.map((s) => ({ args: [`-Dfml.token=${s}`], secret: s })),
            value.map((s) => ({ args: [`--accessToken=${s}`], secret: s })),
            value.map((s) => ({ args: [`-Dpassword=${s}`], secret: s })),
            value.map((s) => ({ args: [`-DaccessToken=${s}`], secret: s })),
            value.map((s) => ({ args: [`-Dhttp.proxyPassword=${s}`], secret: s })),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const out = redactArguments(parts.flatMap((p) => p.args)).join(' ');
          for (const p of parts) if (p.secret !== null) expect(out).not.toContain(p.secret);
        },
      ),
    );
  });

  it('keeps harmless arguments and names injected agents', () => {
    const args = [
      'java',
      '-javaagent:/x/agent.jar',
      '--username',
      'Steve',
      '--accessToken',
      'abc',
      '--version',
      '1.8.9',
    ];
    expect(redactArguments(args)).toEqual([
      'java',
      '-javaagent:/x/agent.jar',
      '--username',
      'Steve',
      '--accessToken',
      REDACTED,
      '--version',
      '1.8.9',
    ]);
    expect(injectionArguments(args)).toEqual(['-javaagent:/x/agent.jar']);
  });
});
