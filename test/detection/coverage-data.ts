import { readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * The list the coverage harness plants (docs/detection.md, "Coverage"): public cheat clients and
 * popular legitimate mods and tools, each with its public source and what a built copy of it holds.
 */
export const DEFAULT_DATA_FILE = 'detection/minecraft/clients.json';

const Strings = Type.Array(Type.String({ minLength: 1 }));

const EntrySchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  project: Type.String({ minLength: 1 }),
  source: Type.String({ minLength: 1 }),
  commit: Type.String(),
  licence: Type.String(),
  /** Class files of a built jar, as archive paths (`net/wurstclient/WurstClient.class`). */
  classPaths: Strings,
  /** Names its released jars go by; the legitimate ones are planted under the first. */
  fileNames: Strings,
  /** Other files of a built jar (`fabric.mod.json`, `assets/…`). */
  resources: Strings,
});

const DataSchema = Type.Object({
  clients: Type.Array(EntrySchema),
  legitimate: Type.Array(EntrySchema),
  unsourced: Type.Optional(Type.Array(Type.Object({ name: Type.String(), why: Type.String() }))),
});

export type CoverageEntry = Static<typeof EntrySchema>;
export type CoverageData = Static<typeof DataSchema>;

/** The data, checked: a bad entry names its place in the file rather than planting half a client. */
export function parseCoverageData(json: unknown, where: string): CoverageData {
  const errors = [...Value.Errors(DataSchema, json)];
  if (errors.length > 0) {
    const lines = errors.slice(0, 10).map((e) => `${e.instancePath || '(root)'}: ${e.message}`);
    throw new Error(`${where} is not a coverage list:\n  ${lines.join('\n  ')}`);
  }
  const data = json as CoverageData;
  for (const [list, entries] of [
    ['clients', data.clients],
    ['legitimate', data.legitimate],
  ] as const) {
    entries.forEach((entry, i) => {
      if (!entry.classPaths.some((p) => p.endsWith('.class')))
        throw new Error(`${where}: ${list}[${i}] (${entry.name}) lists no class file to plant`);
    });
  }
  return data;
}

export function readCoverageData(path: string): CoverageData {
  return parseCoverageData(JSON.parse(readFileSync(path, 'utf8')), path);
}
