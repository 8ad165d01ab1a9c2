/**
 * A small, strict XML reader for the settings files of mouse software (docs/scan-client.md, "Click
 * macros"): elements, attributes, text, comments, CDATA and processing instructions, the five
 * predefined entities and numeric character references. A document type declaration is refused
 * rather than read (an entity in a file the player controls could expand without bound), and so is
 * anything not well-formed: the caller reports the file as unreadable with the reason.
 *
 * Namespaces are not resolved: `name` keeps any prefix and `local` drops it, which is all the
 * readers need (the vendors' formats are told apart by element names).
 */

export interface XmlElement {
  name: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), entities decoded, untrimmed. */
  text: string;
}

export type XmlResult = { ok: true; root: XmlElement } | { ok: false; reason: string };

/** Bound on nesting: the formats read here are a few levels deep; a deeper file is not one of them. */
const MAX_DEPTH = 64;
/** Bound on elements, so a huge file cannot take the scan's memory. */
const MAX_ELEMENTS = 200_000;

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

class XmlError extends Error {}

function decodeEntities(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`a bare "&" near character ${at}`);
    if (body.startsWith('#x') || body.startsWith('#X'))
      return codePoint(Number.parseInt(body.slice(2), 16), at);
    if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10), at);
    const named = PREDEFINED[body];
    // Not its name: it is the file's text, which may be what a macro types.
    if (named === undefined) throw new XmlError(`an undeclared entity near character ${at}`);
    return named;
  });
}

function codePoint(value: number, at: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 0x10ffff) {
    throw new XmlError(`an invalid character reference near character ${at}`);
  }
  return String.fromCodePoint(value);
}

function localOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function parseXml(source: string): XmlResult {
  try {
    return { ok: true, root: parse(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source) };
  } catch (error) {
    if (error instanceof XmlError) return { ok: false, reason: `not well-formed XML: ${error.message}` };
    throw error;
  }
}

function parse(source: string): XmlElement {
  let pos = 0;
  let count = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;

  const expect = (token: string, what: string): number => {
    const end = source.indexOf(token, pos);
    if (end < 0) throw new XmlError(`an unterminated ${what} at character ${pos}`);
    return end;
  };

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > pos) {
      const raw = source.slice(pos, textEnd);
      const top = stack.at(-1);
      if (top !== undefined) top.text += decodeEntities(raw, pos);
      else if (raw.trim() !== '') throw new XmlError(`text outside the root element at character ${pos}`);
      pos = textEnd;
      continue;
    }
    if (source.startsWith('<!--', pos)) {
      pos = expect('-->', 'comment') + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = expect(']]>', 'CDATA section');
      const top = stack.at(-1);
      if (top === undefined) throw new XmlError(`CDATA outside the root element at character ${pos}`);
      top.text += source.slice(pos + 9, end);
      pos = end + 3;
    } else if (source.startsWith('<?', pos)) {
      pos = expect('?>', 'processing instruction') + 2;
    } else if (source.startsWith('<!', pos)) {
      throw new XmlError('a document type declaration (refused: entities could expand without bound)');
    } else if (source.startsWith('</', pos)) {
      const match = NAME.exec(source.slice(pos + 2, pos + 2 + 256));
      const open = stack.pop();
      if (match === null || open === undefined || match[0] !== open.name) {
        throw new XmlError(`a closing tag that matches no open element at character ${pos}`);
      }
      const end = expect('>', 'closing tag');
      if (source.slice(pos + 2 + match[0].length, end).trim() !== '') {
        throw new XmlError(`a malformed closing tag at character ${pos}`);
      }
      pos = end + 1;
    } else {
      pos = openTag(source, pos + 1, stack, (element) => {
        count += 1;
        if (count > MAX_ELEMENTS) throw new XmlError(`more than ${MAX_ELEMENTS} elements`);
        if (stack.length >= MAX_DEPTH) throw new XmlError(`elements nested deeper than ${MAX_DEPTH}`);
        const parent = stack.at(-1);
        if (parent !== undefined) parent.children.push(element);
        else if (root === null) root = element;
        else throw new XmlError('a second root element');
      });
    }
  }
  if (stack.length > 0) throw new XmlError(`the element <${stack.at(-1)?.name}> is never closed`);
  if (root === null) throw new XmlError('no root element');
  return root;
}

/** Reads `name attr="v" ...>` or `.../>` from `start`; returns the position after the tag. */
function openTag(
  source: string,
  start: number,
  stack: XmlElement[],
  add: (element: XmlElement) => void,
): number {
  const nameMatch = NAME.exec(source.slice(start, start + 256));
  if (nameMatch === null) throw new XmlError(`a malformed tag at character ${start - 1}`);
  const name = nameMatch[0];
  const element: XmlElement = { name, local: localOf(name), attributes: {}, children: [], text: '' };
  let pos = start + name.length;
  for (;;) {
    const before = pos;
    while (pos < source.length && /\s/.test(source[pos] ?? '')) pos += 1;
    if (source.startsWith('/>', pos)) {
      add(element);
      return pos + 2;
    }
    if (source[pos] === '>') {
      add(element);
      stack.push(element);
      return pos + 1;
    }
    if (pos === before) throw new XmlError(`a malformed tag <${name}> at character ${start - 1}`);
    const attrName = NAME.exec(source.slice(pos, pos + 256));
    if (attrName === null) throw new XmlError(`a malformed attribute in <${name}> at character ${pos}`);
    pos += attrName[0].length;
    while (/\s/.test(source[pos] ?? '')) pos += 1;
    if (source[pos] !== '=')
      throw new XmlError(`an attribute without a value in <${name}> at character ${pos}`);
    pos += 1;
    while (/\s/.test(source[pos] ?? '')) pos += 1;
    const quote = source[pos];
    if (quote !== '"' && quote !== "'")
      throw new XmlError(`an unquoted attribute in <${name}> at character ${pos}`);
    const end = source.indexOf(quote, pos + 1);
    if (end < 0) throw new XmlError(`an unterminated attribute in <${name}> at character ${pos}`);
    const raw = source.slice(pos + 1, end);
    if (raw.includes('<')) throw new XmlError(`a "<" inside an attribute of <${name}> at character ${pos}`);
    if (attrName[0] in element.attributes) throw new XmlError(`a repeated attribute in <${name}>`);
    element.attributes[attrName[0]] = decodeEntities(raw, pos);
    pos = end + 1;
  }
}

/** The first child with this local name (case-insensitive: vendors are not consistent). */
export function childOf(element: XmlElement, local: string): XmlElement | undefined {
  const wanted = local.toLowerCase();
  return element.children.find((c) => c.local.toLowerCase() === wanted);
}

export function childrenOf(element: XmlElement, local: string): XmlElement[] {
  const wanted = local.toLowerCase();
  return element.children.filter((c) => c.local.toLowerCase() === wanted);
}

/** The trimmed text of the first child with this local name, or null. */
export function childText(element: XmlElement, local: string): string | null {
  const child = childOf(element, local);
  return child === undefined ? null : child.text.trim();
}

/** An attribute by name, case-insensitive. */
export function attributeOf(element: XmlElement, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(element.attributes)) {
    if (localOf(key).toLowerCase() === wanted) return value;
  }
  return null;
}

export function* descendantsOf(element: XmlElement): Generator<{ element: XmlElement; path: XmlElement[] }> {
  const walk = function* (
    node: XmlElement,
    path: XmlElement[],
  ): Generator<{ element: XmlElement; path: XmlElement[] }> {
    for (const child of node.children) {
      yield { element: child, path };
      yield* walk(child, [...path, child]);
    }
  };
  yield* walk(element, [element]);
}
