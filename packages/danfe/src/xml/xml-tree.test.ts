import { describe, expect, it } from 'vitest';

import { DanfeError } from '../errors.js';
import { at, children, parseXml, textAt } from './xml-tree.js';

describe('parseXml', () => {
  it('reads elements, attributes, entities, character references, CDATA, comments and PIs', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0"?><!-- c --><a:root xmlns:a="urn:x" k=\'v &amp; w\'>' +
        '<b>x &lt; y &#233;&#xE7;</b><!-- skip --><b><![CDATA[<raw> & ]]></b><?pi data?><c/></a:root>',
    );
    expect(root.localName).toBe('root');
    expect(root.attributes.get('k')).toBe('v & w');
    expect(children(root, 'b').map((b) => b.text)).toEqual(['x < y éç', '<raw> & ']);
    expect(at(root, 'c')?.children).toEqual([]);
    expect(textAt(root, 'missing/path')).toBeUndefined();
  });

  it('trims the text of pretty-printed values and treats empty as absent', () => {
    const root = parseXml('<r>\n  <v>\n    10.00\n  </v><e>  </e></r>');
    expect(textAt(root, 'v')).toBe('10.00');
    expect(textAt(root, 'e')).toBeUndefined();
  });

  it.each([
    '<a><b></a></b>',
    '<a>',
    '<a></a><b></b>',
    'text<a></a>',
    '<a>&unknown;</a>',
    '<a>&amp</a>',
    '<a x=1></a>',
    '<a x="1" x="2"></a>',
    '<1a></1a>',
    '<a><!-- open',
    '<a><![CDATA[open</a>',
    '<a>&#0;</a>',
    '',
  ])('refuses %j as malformed', (xml) => {
    expect(() => parseXml(xml)).toThrow(expect.objectContaining({ code: 'malformed_xml' }));
  });

  it('refuses a DOCTYPE as unsupported', () => {
    expect(() => parseXml('<!DOCTYPE a><a/>')).toThrow(DanfeError);
    expect(() => parseXml('<!DOCTYPE a><a/>')).toThrow(
      expect.objectContaining({ code: 'unsupported_document' }),
    );
  });
});
