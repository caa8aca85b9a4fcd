import { GreenButtonError } from './errors';

/**
 * A small, strict, namespace-aware XML reader for Green Button files. It runs in a worker and on the server
 * (no DOMParser there) and builds a light tree, not a DOM: elements, attributes and text. Green Button files are
 * plain XML 1.0 (ESPI publishes an XML Schema, no DTD), so a DOCTYPE is refused rather than half-supported, and so
 * is anything not well-formed (unclosed or mismatched tags, unknown entities, unbound prefixes).
 */
export interface XmlElement {
  /** The namespace URI of the element ('' when it has none). */
  readonly uri: string;
  /** The element's name without its prefix. */
  readonly local: string;
  /** Attributes by their name as written (namespace declarations left out). */
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  /** The element's own text, entities decoded (the text of its children is theirs). */
  text: string;
}

interface OpenElement {
  readonly element: XmlElement;
  readonly qualifiedName: string;
  /** Prefixes this element declares ('' for the default namespace), or null when it declares none. */
  readonly namespaces: Map<string, string> | null;
}

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const TAG_NAME = new RegExp(NAME, 'y');
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'y');
const TAG_CLOSE = /\s*(\/?)>/y;
const END_TAG_CLOSE = /\s*>/y;
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9A-Fa-f]{1,6}));|&/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

function fail(source: string, position: number, reason: string): never {
  const line = source.slice(0, position).split('\n').length;
  throw new GreenButtonError('not_xml', `The file is not well-formed XML (line ${line}: ${reason}).`);
}

function decodeEntities(source: string, raw: string, position: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(ENTITY, (whole: string, named?: string, decimal?: string, hex?: string) => {
    if (named !== undefined) return NAMED_ENTITIES[named] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? parseInt(hex, 16) : NaN;
    if (!Number.isFinite(code) || code > 0x10ffff || code === 0) fail(source, position, 'an unknown entity');
    return String.fromCodePoint(code);
  });
}

function resolvePrefix(
  open: readonly OpenElement[],
  own: Map<string, string> | null,
  prefix: string,
): string | null {
  if (prefix === 'xml') return XML_NAMESPACE;
  const mine = own?.get(prefix);
  if (mine !== undefined) return mine;
  for (let i = open.length - 1; i >= 0; i--) {
    const found = open[i]?.namespaces?.get(prefix);
    if (found !== undefined) return found;
  }
  return prefix === '' ? '' : null;
}

/** The root element of an XML document; throws a GreenButtonError ('not_xml') when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  const open: OpenElement[] = [];
  let root: XmlElement | null = null;
  let position = source.charCodeAt(0) === 0xfeff ? 1 : 0;

  const addText = (raw: string, at: number, isDecoded: boolean) => {
    const current = open[open.length - 1];
    if (current === undefined) {
      if (raw.trim() !== '') fail(source, at, 'text outside the root element');
      return;
    }
    current.element.text += isDecoded ? raw : decodeEntities(source, raw, at);
  };

  while (position < source.length) {
    const lt = source.indexOf('<', position);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > position) addText(source.slice(position, textEnd), position, false);
    if (lt === -1) break;
    position = lt;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) fail(source, lt, 'a comment is not closed');
      position = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1 || open.length === 0) fail(source, lt, 'a CDATA section is misplaced or not closed');
      addText(source.slice(lt + 9, end), lt, true);
      position = end + 3;
    } else if (source.startsWith('<!', lt)) {
      fail(source, lt, 'document type declarations are not accepted');
    } else if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) fail(source, lt, 'a processing instruction is not closed');
      position = end + 2;
    } else if (source.startsWith('</', lt)) {
      TAG_NAME.lastIndex = lt + 2;
      const name = TAG_NAME.exec(source)?.[0];
      const current = open.pop();
      if (name === undefined || current === undefined || current.qualifiedName !== name) {
        fail(source, lt, `</${name ?? ''}> does not close the open element`);
      }
      END_TAG_CLOSE.lastIndex = lt + 2 + name.length;
      if (END_TAG_CLOSE.exec(source) === null) fail(source, lt, `</${name}> is not closed`);
      position = END_TAG_CLOSE.lastIndex;
    } else {
      if (root !== null && open.length === 0) fail(source, lt, 'a second root element');
      TAG_NAME.lastIndex = lt + 1;
      const qualifiedName = TAG_NAME.exec(source)?.[0];
      if (qualifiedName === undefined) fail(source, lt, 'a malformed tag');
      position = lt + 1 + qualifiedName.length;
      const attributes = new Map<string, string>();
      let namespaces: Map<string, string> | null = null;
      let isEmpty = false;
      for (;;) {
        TAG_CLOSE.lastIndex = position;
        const close = TAG_CLOSE.exec(source);
        if (close !== null) {
          isEmpty = close[1] === '/';
          position = TAG_CLOSE.lastIndex;
          break;
        }
        ATTRIBUTE.lastIndex = position;
        const attribute = ATTRIBUTE.exec(source);
        if (attribute === null) fail(source, position, `a malformed attribute in <${qualifiedName}>`);
        const [, attributeName = '', doubleQuoted, singleQuoted] = attribute;
        const value = decodeEntities(source, doubleQuoted ?? singleQuoted ?? '', position);
        position = ATTRIBUTE.lastIndex;
        if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) {
          namespaces ??= new Map();
          namespaces.set(attributeName === 'xmlns' ? '' : attributeName.slice(6), value);
        } else {
          if (attributes.has(attributeName)) fail(source, position, `a repeated attribute ${attributeName}`);
          attributes.set(attributeName, value);
        }
      }
      const colon = qualifiedName.indexOf(':');
      const prefix = colon === -1 ? '' : qualifiedName.slice(0, colon);
      const uri = resolvePrefix(open, namespaces, prefix);
      if (uri === null) fail(source, lt, `the prefix ${prefix} is not declared`);
      const element: XmlElement = {
        uri,
        local: colon === -1 ? qualifiedName : qualifiedName.slice(colon + 1),
        attributes,
        children: [],
        text: '',
      };
      const parent = open[open.length - 1];
      if (parent === undefined) root = element;
      else parent.element.children.push(element);
      if (!isEmpty) open.push({ element, qualifiedName, namespaces });
    }
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) fail(source, source.length, `<${unclosed.qualifiedName}> is not closed`);
  if (root === null) fail(source, source.length, 'no root element');
  return root;
}

/** The first child with this local name (in any namespace: utilities mix prefixed and default ESPI names). */
export function child(element: XmlElement, local: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.local === local);
}

/** Every child with this local name. */
export function childrenNamed(element: XmlElement, local: string): XmlElement[] {
  return element.children.filter((candidate) => candidate.local === local);
}

/** The trimmed text of the named child, or undefined when there is no such child or it is empty. */
export function childText(element: XmlElement, local: string): string | undefined {
  const text = child(element, local)?.text.trim();
  return text === undefined || text === '' ? undefined : text;
}
