import { SYMBOL_DESCRIPTOR } from '../memory/extract.js';
import { isGeneratedClass } from './generated-classes.js';

/**
 * The classes loaded in a JVM that none of the files it may load classes from holds
 * (docs/scan-client.md, "Classes injected into the Java game").
 *
 * A class name in memory is not proof that the class was loaded: HotSpot keeps as a `Symbol` every
 * name the constant pools of its loaded classes hold, so a library's reference to an optional
 * dependency that is absent (`javax/servlet/Filter` from a logging library) is a Symbol too, and so
 * is a string constant shaped like a path. A class is counted as loaded only when a `Klass` (the
 * JVM's structure for a loaded class: its C++ vtable pointer into the JVM's image, then its fields)
 * points to the Symbol of its name; names that are only Symbols are kept apart, never a finding.
 */

export interface UnknownPackage {
  /** `a/b`, or '' for classes outside any package. */
  name: string;
  /** Its unknown loaded classes, sorted, capped. */
  classes: string[];
  /** How many there are in all (the list may be capped). */
  count: number;
}

export interface UnknownClasses {
  /** Packages with at least `minLoaded` unknown loaded classes: the finding. */
  raised: UnknownPackage[];
  /** Unknown loaded classes in packages below the threshold (sorted, capped): shown, not a finding. */
  belowThreshold: string[];
  /** How many unknown names were Symbols only (referred to, never loaded), to measure the rule. */
  referencedOnly: number;
}

export interface UnknownLimits {
  /** How many unknown loaded classes a package needs to be raised. */
  minLoaded: number;
  packages: number;
  classesPerPackage: number;
  belowThreshold: number;
}

export interface SymbolsInMemory {
  symbols: ReadonlyMap<string, { how: number; addresses: readonly number[] }>;
  klassNamePointers: ReadonlySet<number>;
}

function packageOf(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash < 0 ? '' : name.slice(0, slash);
}

/** Every package (and parent package) of the known classes: HotSpot names packages with Symbols too. */
function packagesOf(known: ReadonlySet<string>): Set<string> {
  const packages = new Set<string>();
  for (const name of known) {
    for (let p = packageOf(name); p !== '' && !packages.has(p); p = packageOf(p)) packages.add(p);
  }
  return packages;
}

/** Is a name loaded as a class: does a `Klass` point to one of its Symbols? */
export function isLoaded(memory: SymbolsInMemory, name: string): boolean {
  const symbol = memory.symbols.get(name);
  return symbol?.addresses.some((a) => memory.klassNamePointers.has(a)) ?? false;
}

export function unknownClasses(
  memory: SymbolsInMemory,
  known: ReadonlySet<string>,
  limits: UnknownLimits,
): UnknownClasses {
  const packages = packagesOf(known);
  const byPackage = new Map<string, string[]>();
  let referencedOnly = 0;
  for (const [name, symbol] of memory.symbols) {
    if (known.has(name) || packages.has(name) || isGeneratedClass(name)) continue;
    if (!isLoaded(memory, name)) {
      if ((symbol.how & SYMBOL_DESCRIPTOR) !== 0 || symbol.addresses.length > 0) referencedOnly++;
      continue;
    }
    const p = packageOf(name);
    const list = byPackage.get(p);
    if (list === undefined) byPackage.set(p, [name]);
    else list.push(name);
  }
  const raised: UnknownPackage[] = [];
  const below: string[] = [];
  for (const [name, classes] of byPackage) {
    classes.sort();
    if (classes.length < limits.minLoaded) below.push(...classes);
    else raised.push({ name, classes: classes.slice(0, limits.classesPerPackage), count: classes.length });
  }
  raised.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  below.sort();
  return {
    raised: raised.slice(0, limits.packages),
    belowThreshold: below.slice(0, limits.belowThreshold),
    referencedOnly,
  };
}
