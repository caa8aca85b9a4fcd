// The text of a PDF pdfkit wrote, for tests that check what a generated file says: each content stream is inflated
// and the strings of its text operators (`<hex> Tj`, `[<hex> kern <hex>] TJ`, `(literal) Tj`) are decoded, one line per
// operator. Enough for pdfkit's standard fonts (WinAnsi codes); not a general PDF reader.
import { inflateSync } from 'node:zlib';

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) text += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return text;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ?? escape;
  });
}

/** The strings of one content stream's text operators, one per line. */
function textOfContent(content: string): string[] {
  const lines: string[] = [];
  for (const match of content.matchAll(
    /\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g,
  )) {
    if (match[1] !== undefined) {
      let line = '';
      for (const part of match[1].matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g))
        line += part[1] !== undefined ? decodeHex(part[1]) : decodeLiteral(part[2] ?? '');
      lines.push(line);
    } else if (match[2] !== undefined) lines.push(decodeHex(match[2]));
    else lines.push(decodeLiteral(match[3] ?? ''));
  }
  return lines;
}

/** The text of every page of a PDF, one text operator a line. */
export function pdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = buffer.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = start + (buffer[start + 6] === 0x0d ? 8 : 7);
    const end = buffer.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const raw = buffer.subarray(dataStart, end);
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    lines.push(...textOfContent(content));
    at = end + 9;
  }
  return lines.join('\n');
}
