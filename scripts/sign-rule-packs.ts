/**
 * Signs the project's rule packs (docs/rules.md, "The project's packs"): every pack of
 * src/domain/project-packs.ts is written signed to src/rule-packs/signed/<name>.json, and the public
 * key to src/rule-packs/signed/project-publisher.json. The private key never enters the
 * repository: give its file with --key <path> or SCANPIN_PACK_SIGNING_KEY_FILE (PEM, or the 32-byte
 * seed in hexadecimal).
 *
 *   npm run sign:rule-packs -- --key /secure/place/project-ed25519.pem
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_PACKS, PROJECT_PUBLISHER_NAME, projectPackRules } from '../src/domain/project-packs.js';
import { RULE_PACK_FORMAT } from '../src/domain/rule-pack.js';
import { parsePrivateKey, publicKeyOf, signPack } from '../src/lib/rule-pack-signature.js';

const argAt = process.argv.indexOf('--key');
const keyFile = argAt >= 0 ? process.argv[argAt + 1] : process.env.SCANPIN_PACK_SIGNING_KEY_FILE;
if (!keyFile) {
  console.error('Give the project signing key: --key <path> or SCANPIN_PACK_SIGNING_KEY_FILE.');
  process.exit(2);
}
const privateKey = parsePrivateKey(readFileSync(keyFile, 'utf8'));
const out = fileURLToPath(new URL('../src/rule-packs/signed/', import.meta.url));
const { publicKey, keyId } = publicKeyOf(privateKey);
writeFileSync(
  join(out, 'project-publisher.json'),
  `${JSON.stringify({ name: PROJECT_PUBLISHER_NAME, publicKey, keyId }, null, 2)}\n`,
);
for (const pack of PROJECT_PACKS) {
  const signed = signPack(
    {
      format: RULE_PACK_FORMAT,
      publisher: { name: PROJECT_PUBLISHER_NAME },
      name: pack.name,
      version: pack.version,
      rules: projectPackRules(pack),
    },
    privateKey,
  );
  writeFileSync(join(out, `${pack.name}.json`), `${JSON.stringify(signed, null, 2)}\n`);
  console.log(`signed ${pack.name} v${pack.version}: ${signed.rules.length} rules, key ${keyId}`);
}
// Written as the repository formats JSON (biome.json), so `npm run lint` passes and signing twice
// changes no byte: the signature covers the canonical form, whatever the layout.
execFileSync(
  fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)),
  ['format', '--write', out],
  {
    stdio: 'inherit',
  },
);
