/**
 * Raw XML read from a message into an `XmlFragment`: the source text, as .NET's writer gives it back (`<e/>`
 * becomes `<e />`), each top element declaring the default namespace it inherited.
 */
import { escapeXmlAttr } from '../xml/xml-escape.js';
import type { XmlElement } from '../xml/xml-reader.js';
import { XmlFragment } from './xml-fragment.js';

/** The elements whole; with `contentOf`, the content of the one element given. */
export function readFragment(elements: readonly XmlElement[], contentOf = false): XmlFragment {
  if (contentOf) {
    const element = elements[0]!;
    const tops = element.children.filter((child): child is XmlElement => typeof child !== 'string');
    let text = normalizeEmptyTags(element.rawContent());
    if (tops.some((top) => inheritsDefault(top))) {
      // Rebuild from the children so each top element can declare what it inherited.
      text = tops.length === element.children.length ? tops.map(elementText).join('') : text;
    }
    return XmlFragment.fromCheckedText(text);
  }
  return XmlFragment.fromCheckedText(elements.map(elementText).join(''));
}

function inheritsDefault(element: XmlElement): boolean {
  return (
    !element.qualifiedName.includes(':') && element.namespace !== '' && !/^<[^>]*\sxmlns\s*=/.test(element.source())
  );
}

function elementText(element: XmlElement): string {
  let text = normalizeEmptyTags(element.source());
  if (inheritsDefault(element)) {
    const at = 1 + element.qualifiedName.length;
    text = `${text.slice(0, at)} xmlns="${escapeXmlAttr(element.namespace)}"${text.slice(at)}`;
  }
  return text;
}

/** `<e/>` and `<e a="1"/>` as `<e />`, `<e a="1" />`; comments, CDATA, PIs and attribute values untouched. */
function normalizeEmptyTags(text: string): string {
  let out = '';
  let at = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    if (text.startsWith('<!--', i)) i = text.indexOf('-->', i) + 3;
    else if (text.startsWith('<![CDATA[', i)) i = text.indexOf(']]>', i) + 3;
    else if (text.startsWith('<?', i)) i = text.indexOf('?>', i) + 2;
    else {
      let j = i + 1;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (c === 0x22 || c === 0x27) j = text.indexOf(String.fromCharCode(c), j + 1);
        else if (c === 0x3e) break;
      }
      if (text.charCodeAt(j - 1) === 0x2f) {
        let k = j - 1;
        while (k > i && /[ \t\r\n]/.test(text[k - 1]!)) k--;
        out += `${text.slice(at, k)} />`;
        at = j + 1;
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return out + text.slice(at);
}
