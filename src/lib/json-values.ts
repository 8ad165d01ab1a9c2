/**
 * Checks on parsed JSON values that every body parser applies, on the event loop or in the evidence
 * intake worker (application/scans/evidence-intake/). Iterative: no depth limit of their own.
 */

/** Keys that could reach an object's prototype in careless code downstream; never accepted. */
export function hasPrototypeKey(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '__proto__') return true;
        if (key === 'constructor' && typeof child === 'object' && child !== null && 'prototype' in child) {
          return true;
        }
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * True when any string or object key in a parsed JSON value contains U+0000 (iterative: no depth
 * limit), leaving out the top-level fields in `allowed`.
 */
export function containsNul(root: unknown, allowed?: ReadonlySet<string>): boolean {
  if (allowed !== undefined && typeof root === 'object' && root !== null && !Array.isArray(root)) {
    const rest = Object.entries(root).filter(([key]) => !allowed.has(key));
    return rest.some(([key]) => key.includes('\u0000')) || containsNul(rest.map(([, v]) => v));
  }
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(v);
      }
    }
  }
  return false;
}
