import { unzipSync } from 'fflate';

/**
 * The classes a jar holds, with those of the jars nested in it: Fabric's `META-INF/jars/*.jar`,
 * Forge's jar-in-jar `META-INF/jarjar/*.jar`, and any other `.jar` entry, since a loader that
 * unpacks a nested jar makes its classes as legitimate as the outer jar's (docs/scan-client.md,
 * "Classes injected into the Java game"). A multi-release jar's `META-INF/versions/N/a/B.class` is
 * class `a/B`.
 */

export interface JarContents {
  /** Class names, `a/b/C`. */
  classes: string[];
  /** The manifest's `Class-Path:` entries (relative to the jar's folder), when it has one. */
  classPath: string[];
  /** The manifest's `Main-Class:` and `Launcher-Agent-Class`/`Premain-Class`/`Agent-Class:` values. */
  agentClasses: string[];
  /** True when the archive (or a nested one) could not be read whole. */
  damaged: boolean;
}

/** Nested jars are opened to this depth: a jar in a jar in a jar is as far as the loaders go. */
const MAX_DEPTH = 3;
const MAX_NESTED_BYTES = 64 * 1024 * 1024;

function classOf(entry: string): string | null {
  if (!entry.endsWith('.class')) return null;
  let name = entry.slice(0, -'.class'.length);
  const versioned = /^META-INF\/versions\/\d+\/(.+)$/.exec(name);
  if (versioned !== null) name = versioned[1] as string;
  if (name.endsWith('module-info') || name.endsWith('package-info')) return null;
  return name;
}

/** A manifest's main attributes, continuation lines joined (the jar file specification). */
export function manifestAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const lines = text.split(/\r\n|\r|\n/);
  let current: string | null = null;
  for (const line of lines) {
    if (line === '') break;
    if (line.startsWith(' ') && current !== null) {
      attributes.set(current, `${attributes.get(current) ?? ''}${line.slice(1)}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current = line.slice(0, colon).trim().toLowerCase();
    attributes.set(current, line.slice(colon + 1).trim());
  }
  return attributes;
}

export function jarContents(data: Uint8Array, depth = 0): JarContents {
  const out: JarContents = { classes: [], classPath: [], agentClasses: [], damaged: false };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter(file) {
        const name = classOf(file.name);
        if (name !== null) out.classes.push(name);
        if (file.name.toUpperCase() === 'META-INF/MANIFEST.MF') return depth === 0;
        return file.name.endsWith('.jar') && depth < MAX_DEPTH && file.originalSize <= MAX_NESTED_BYTES;
      },
    });
  } catch {
    out.damaged = true;
    return out;
  }
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith('.jar')) {
      const inner = jarContents(bytes, depth + 1);
      for (const c of inner.classes) out.classes.push(c);
      if (inner.damaged) out.damaged = true;
      continue;
    }
    const manifest = manifestAttributes(new TextDecoder().decode(bytes));
    const classPath = manifest.get('class-path');
    if (classPath !== undefined) out.classPath = classPath.split(/\s+/).filter((p) => p !== '');
    for (const key of ['main-class', 'premain-class', 'agent-class', 'launcher-agent-class']) {
      const value = manifest.get(key);
      if (value !== undefined) out.agentClasses.push(value.replaceAll('.', '/'));
    }
  }
  return out;
}
