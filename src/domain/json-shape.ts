/** Nesting depth of a parsed JSON value (a scalar is 0), computed without recursion. */
export function jsonDepth(root: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}
