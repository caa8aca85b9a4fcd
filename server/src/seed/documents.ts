// Tiny generated files for the seed's documents, workbooks and GL exports: a valid one-page PDF and CSV.
// They are built from their text alone, so the bytes are identical on every run.

const encoder = new TextEncoder();

function escapePdfText(text: string): string {
  // PDF string literals escape backslashes and parentheses; non-Latin characters are replaced, not mangled.
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
}

/** A one-page PDF (Helvetica, one line per entry) with a correct cross-reference table. */
export function tinyPdf(title: string, lines: readonly string[]): Uint8Array {
  const text = [title, '', ...lines]
    .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${760 - i * 18} Td (${escapePdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(body);
}

/** A CSV file (values quoted when they need it). */
export function csvFile(rows: readonly (readonly (string | number)[])[]): Uint8Array {
  const cell = (value: string | number) => {
    const s = String(value);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return encoder.encode(rows.map((row) => row.map(cell).join(',')).join('\n') + '\n');
}
