import { describe, expect, it } from 'vitest';
import coverage from '../../detection/minecraft/clients.json' with { type: 'json' };
import { RULE_KINDS, RULE_MATCHES, RULE_SEVERITIES, ruleMatches } from '../../src/domain/rules.js';
import minecraftPack from '../../src/storage/migrations/rule-packs/minecraft-2.json' with { type: 'json' };
import starterPack from '../../src/storage/migrations/rule-packs/starter-1.json' with { type: 'json' };

/**
 * The Minecraft client rules against the list they were written from (docs/detection.md, "Minecraft:
 * Java Edition clients"): every rule cites a public source and is of a kind the server knows; each
 * listed client is caught by jar and in memory through its own real class paths; and no rule touches
 * a class path or resource of any popular legitimate mod or tool on the list.
 */

interface PackRule {
  name: string;
  kind: string;
  pattern: string;
  match: string;
  severity: string;
  games: string[];
  source: string;
}

interface Project {
  name: string;
  project: string;
  source: string;
  commit: string;
  licence: string;
  classPaths: string[];
  fileNames: string[];
  resources: string[];
}

const newRules = minecraftPack.rules as PackRule[];
const allRules = [...(starterPack.rules as PackRule[]), ...newRules];
const clients = coverage.clients as Project[];
const legitimate = coverage.legitimate as Project[];

/** What a rule is compared with for one class path: the jar entry, and the name in memory without `.class`. */
function values(rule: PackRule, classPath: string): string[] {
  if (rule.kind === 'jar-entry') return [classPath];
  if (rule.kind === 'memory-string') return [classPath.replace(/\.class$/, '')];
  return [];
}

function hits(rules: readonly PackRule[], kind: string, classPath: string): PackRule[] {
  return rules.filter(
    (rule) =>
      rule.kind === kind &&
      values(rule, classPath).some((value) => ruleMatches(rule as Parameters<typeof ruleMatches>[0], value)),
  );
}

describe('the Minecraft client rule pack', () => {
  it('lists at least 30 public clients and 30 legitimate projects, each with real class paths and a commit', () => {
    expect(clients.length).toBeGreaterThanOrEqual(30);
    expect(legitimate.length).toBeGreaterThanOrEqual(30);
    for (const project of [...clients, ...legitimate]) {
      expect(project.classPaths.length, project.name).toBeGreaterThanOrEqual(3);
      expect(project.classPaths.length, project.name).toBeLessThanOrEqual(8);
      for (const path of project.classPaths)
        expect(path, project.name).toMatch(/^[\w$-]+(\/[\w$-]+)+\.class$/);
      expect(project.commit, project.name).toMatch(/^[0-9a-f]{40}$/);
      expect(project.source, project.name).toMatch(/^https:\/\//);
    }
  });

  it('gives every rule a known kind, match and severity, the Java game, and a public source file', () => {
    expect(newRules.length).toBeGreaterThan(0);
    for (const rule of newRules) {
      expect(RULE_KINDS, rule.name).toContain(rule.kind);
      expect(RULE_MATCHES, rule.name).toContain(rule.match);
      expect(RULE_SEVERITIES, rule.name).toContain(rule.severity);
      expect(rule.games, rule.name).toEqual(['Java']);
      // A file at a commit, so the citation does not drift when the project moves on.
      expect(rule.source, rule.name).toMatch(
        /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\/.+\.\w+$/,
      );
      expect(
        clients.some((client) => client.name === rule.name),
        `${rule.name} is a listed client`,
      ).toBe(true);
    }
  });

  it('adds no rule the starter pack already holds', () => {
    const starter = new Set(
      (starterPack.rules as PackRule[]).map((r) => `${r.kind} ${r.match} ${r.pattern}`),
    );
    for (const rule of newRules)
      expect(starter.has(`${rule.kind} ${rule.match} ${rule.pattern}`), rule.pattern).toBe(false);
  });

  it.each(clients.map((client) => [client.name, client] as const))(
    'catches %s by jar entry and in memory through every one of its class paths',
    (_, client) => {
      for (const classPath of client.classPaths) {
        expect(hits(allRules, 'jar-entry', classPath).length, `jar entry ${classPath}`).toBeGreaterThan(0);
        expect(hits(allRules, 'memory-string', classPath).length, `memory ${classPath}`).toBeGreaterThan(0);
      }
    },
  );

  it.each(legitimate.map((project) => [project.name, project] as const))(
    'finds nothing in %s (class paths and resources)',
    (_, project) => {
      for (const entry of [...project.classPaths, ...project.resources]) {
        expect(
          hits(allRules, 'jar-entry', entry).map((r) => r.pattern),
          entry,
        ).toEqual([]);
        expect(
          hits(allRules, 'memory-string', entry).map((r) => r.pattern),
          entry,
        ).toEqual([]);
      }
    },
  );
});
