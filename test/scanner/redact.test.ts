import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { injectionArguments, REDACTED, redactArguments } from '../../packages/scanner/src/redact.js';

const secret = fc.stringMatching(/^[A-Za-z0-9._\-+/=]{8,40}$/);
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
);

describe('command-line redaction (docs/scan-client.md)', () => {
  it('no value that follows a secret flag, or is assigned to a secret name, survives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            harmless.map((a) => [a]),
            fc.tuple(flag, secret),
            secret.map((s) => [`-Dfml.token=${s}`]),
            secret.map((s) => [`--accessToken=${s}`]),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const args = parts.flat();
          const secrets = parts.filter((p) => p.length === 2).map((p) => p[1] as string);
          const assigned = parts.flatMap((p) =>
            p.length === 1 && p[0]?.includes('=') ? [p[0].slice(p[0].indexOf('=') + 1)] : [],
          );
          const out = redactArguments(args).join(' ');
          for (const s of [...secrets, ...assigned]) expect(out).not.toContain(s);
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
