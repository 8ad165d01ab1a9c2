/** The XML an event record's BinXml expands to, with its substitutions filled in. */
export interface XmlAttribute {
  name: string;
  value: string;
}

export interface XmlElement {
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
}

/** An element, or a piece of text. */
export type XmlNode = XmlElement | string;

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

export function childElement(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child): child is XmlElement => isElement(child) && child.name === name);
}

export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter(isElement);
}

export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  return element?.attributes.find((candidate) => candidate.name === name)?.value;
}

/** All text under the node, nested elements flattened. */
export function textOf(node: XmlNode | undefined): string {
  if (node === undefined) return '';
  if (!isElement(node)) return node;
  return node.children.map(textOf).join('');
}
