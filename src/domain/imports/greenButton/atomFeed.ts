import { child, childrenNamed, childText, type XmlElement } from './xml';

/**
 * The Atom side of an ESPI feed (NAESB REQ.21 uses Atom, RFC 4287, as its envelope): each entry's content holds one
 * ESPI resource, and the entries' self, up and related links tie usage points to meter readings, reading types,
 * interval blocks, summaries and local time parameters.
 */
export interface Entry {
  readonly self: string;
  readonly up: string;
  readonly related: readonly string[];
  readonly title?: string;
  readonly resource: XmlElement;
}

const ATOM = 'http://www.w3.org/2005/Atom';

/** The entries of a feed (or the one entry of an entry document) that hold a resource. */
export function readEntries(root: XmlElement): Entry[] {
  const isAtom = root.uri === ATOM || root.uri === '';
  const entryElements =
    root.local === 'feed' ? childrenNamed(root, 'entry') : root.local === 'entry' ? [root] : [];
  const entries: Entry[] = [];
  for (const element of isAtom ? entryElements : []) {
    const resource = child(element, 'content')?.children[0];
    if (resource === undefined) continue;
    const links = childrenNamed(element, 'link');
    const href = (rel: string) =>
      links
        .filter((link) => link.attributes.get('rel') === rel)
        .map((link) => link.attributes.get('href')?.trim() ?? '');
    const title = childText(element, 'title');
    entries.push({
      self: href('self')[0] ?? '',
      up: href('up')[0] ?? '',
      related: href('related'),
      ...(title === undefined ? {} : { title }),
      resource,
    });
  }
  return entries;
}

function isUnder(href: string, base: string): boolean {
  return base !== '' && href.startsWith(`${base}/`);
}

/** Whether `owner` (a usage point or meter reading) links to `item`, by its related hrefs or by href nesting. */
export function owns(owner: Entry, item: Entry): boolean {
  return (
    (item.self !== '' && owner.related.includes(item.self)) ||
    (item.up !== '' && owner.related.includes(item.up)) ||
    isUnder(item.self, owner.self) ||
    isUnder(item.up, owner.self)
  );
}

/**
 * Entries of one resource kind. Some feeds repeat an entry (the same self href twice): for resources that are looked
 * up by their href the first is kept; interval blocks and summaries, which utilities give one shared href, are all
 * kept and de-duplicated by their times instead.
 */
export function entriesOf(
  entries: readonly Entry[],
  names: ReadonlySet<string>,
  isUniqueBySelf = true,
): Entry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (!names.has(entry.resource.local)) return false;
    if (entry.self === '' || !isUniqueBySelf) return true;
    if (seen.has(entry.self)) return false;
    seen.add(entry.self);
    return true;
  });
}

/** Oldest first, one per start time (the first the file gives): a repeated block or summary is counted once. */
export function firstOfEachStart<T extends { readonly start: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items
    .filter((item) => {
      if (seen.has(item.start)) return false;
      seen.add(item.start);
      return true;
    })
    .sort((a, b) => a.start - b.start);
}
