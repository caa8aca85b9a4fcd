import { describe, expect, it } from 'vitest';
import { child, childrenNamed, childText, parseXml } from '../../../../src/domain/imports/greenButton/xml';

describe('parseXml', () => {
  it('reads elements, attributes, text and namespaces', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?><!-- a comment --><a:feed xmlns:a="urn:atom" xmlns="urn:default" id = \'1\'>' +
        '<entry rel="x &amp; y">5 &lt; 6 &#65;&#x42;<![CDATA[<raw>]]></entry><a:entry/></a:feed>\n',
    );
    expect(root).toMatchObject({ uri: 'urn:atom', local: 'feed' });
    expect(root.attributes.get('id')).toBe('1');
    const [first, second] = childrenNamed(root, 'entry');
    expect(first).toMatchObject({ uri: 'urn:default', text: '5 < 6 AB<raw>' });
    expect(first?.attributes.get('rel')).toBe('x & y');
    expect(second?.uri).toBe('urn:atom');
    expect(child(root, 'missing')).toBeUndefined();
    expect(childText(root, 'entry')).toBe('5 < 6 AB<raw>');
    expect(childText(root, 'missing')).toBeUndefined();
  });

  it('refuses what is not well-formed, naming the line', () => {
    const cases: [string, string][] = [
      ['<a><b></a>', '</a> does not close the open element'],
      ['<a>', '<a> is not closed'],
      ['<a></a><b/>', 'a second root element'],
      ['text', 'text outside the root element'],
      ['<a>&nbsp;</a>', 'an unknown entity'],
      ['<a>&#0;</a>', 'an unknown entity'],
      ['<!DOCTYPE a><a/>', 'document type declarations are not accepted'],
      ['<x:a/>', 'the prefix x is not declared'],
      ['<a b="1" b="2"/>', 'a repeated attribute b'],
      ['<a b=1/>', 'a malformed attribute in <a>'],
      ['<a><!-- open</a>', 'a comment is not closed'],
      ['<![CDATA[x]]><a/>', 'a CDATA section is misplaced or not closed'],
      ['<?xml version="1.0"', 'a processing instruction is not closed'],
      ['< a/>', 'a malformed tag'],
      ['<a></a', '</a> is not closed'],
      ['', 'no root element'],
    ];
    for (const [xml, reason] of cases) {
      expect(() => parseXml(xml), xml).toThrow(`(line 1: ${reason})`);
    }
    expect(() => parseXml('<a>\n\n</b>')).toThrow('line 3');
  });
});
