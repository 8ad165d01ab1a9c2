/**
 * Serializing an answer whose schema is a union of objects told apart by one property (`found`
 * true or false, a PIN's `status`): fast-json-stringify serializes an `anyOf` by running an ajv
 * validator on the value for each branch in turn, formats included, before it writes anything. On a
 * lookup that checked every timestamp of every related account with the date-time format on every
 * request: about a tenth of its CPU profile (docs/benchmarks.md, "Profile findings"). When every
 * branch names the values of one property (`const` or `enum`), those sets cannot overlap, so the
 * property's value alone picks the branch, and each branch is serialized by its own compiled function.
 */

type JsonSchema = Record<string, unknown>;

/** A branch's values for a property, or undefined when the branch does not pin them down. */
function valuesOf(property: unknown): unknown[] | undefined {
  if (typeof property !== 'object' || property === null) return undefined;
  const p = property as JsonSchema;
  if ('const' in p) return [p.const];
  if (Array.isArray(p.enum)) return p.enum;
  return undefined;
}

export interface Discriminator {
  /** The property whose value picks the branch. */
  property: string;
  /** For each branch of the union, in order, the values that pick it. */
  values: unknown[][];
}

/**
 * The property that tells the branches of `schema` apart, if it is a union of object schemas that
 * each require it with a `const` or `enum` of their own, with no value shared between branches.
 */
export function discriminatorOf(schema: unknown): Discriminator | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const branches = (schema as JsonSchema).anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const first = branches[0] as JsonSchema;
  if (typeof first.properties !== 'object' || first.properties === null) return undefined;
  for (const property of Object.keys(first.properties)) {
    const values: unknown[][] = [];
    const seen = new Set<unknown>();
    let disjoint = true;
    for (const branch of branches as JsonSchema[]) {
      const props = branch.properties as JsonSchema | undefined;
      const required = branch.required;
      const own = valuesOf(props?.[property]);
      if (own === undefined || !Array.isArray(required) || !required.includes(property)) {
        disjoint = false;
        break;
      }
      for (const v of own) {
        if (seen.has(v)) disjoint = false;
        seen.add(v);
      }
      values.push(own);
    }
    if (disjoint) return { property, values };
  }
  return undefined;
}

/**
 * One serializer for a discriminated union: the branch's own when the value names one, and the
 * union's (which validates, then throws as fast-json-stringify does) for anything else.
 */
export function unionSerializer(
  discriminator: Discriminator,
  branches: Array<(doc: unknown) => string>,
  whole: () => (doc: unknown) => string,
): (doc: unknown) => string {
  const byValue = new Map<unknown, (doc: unknown) => string>();
  discriminator.values.forEach((values, i) => {
    for (const v of values) byValue.set(v, branches[i] as (doc: unknown) => string);
  });
  const { property } = discriminator;
  let fallback: ((doc: unknown) => string) | undefined;
  return (doc) => {
    const own =
      typeof doc === 'object' && doc !== null ? byValue.get((doc as JsonSchema)[property]) : undefined;
    if (own !== undefined) return own(doc);
    fallback ??= whole();
    return fallback(doc);
  };
}
