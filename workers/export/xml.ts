// The fixed parts of an .xlsx package (SpreadsheetML) and XML text escaping.

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters; naming them is the point.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const SPECIAL = /[&<>"]/;
/** Excel refuses longer cell texts. */
const MAX_CELL_TEXT = 32_767;

/** XML-escaped text without the control characters XML 1.0 forbids; cut to Excel's cell limit. */
export function escapeXml(text: string): string {
  let clean = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
  clean = clean.replace(INVALID_XML, '');
  if (!SPECIAL.test(clean)) return clean;
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Number formats by column kind; 'number' columns use the integer form when every value is whole. */
export const NUMBER_FORMATS = {
  currency: '"$"#,##0.00',
  integer: '#,##0',
  decimal: '#,##0.00',
  percent: '0.00%',
  date: 'mm/dd/yyyy',
} as const;

/** Indexes into cellXfs of styles.xml below. */
export const STYLE = {
  general: 0,
  header: 1,
  currency: 2,
  integer: 3,
  decimal: 4,
  percent: 5,
  date: 6,
  link: 7,
} as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Custom numFmt ids start at 164; ids below are Excel's built-in, locale-dependent formats. */
const FORMAT_IDS: readonly (readonly [number, string])[] = [
  [164, NUMBER_FORMATS.currency],
  [165, NUMBER_FORMATS.integer],
  [166, NUMBER_FORMATS.decimal],
  [167, NUMBER_FORMATS.percent],
  [168, NUMBER_FORMATS.date],
];

/** xl/styles.xml: the cellXfs order matches STYLE. */
export function stylesXml(): string {
  const numFmts = FORMAT_IDS.map(
    ([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`,
  ).join('');
  const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
  const xf = (numFmtId: number, extra = ''): string =>
    `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${extra}/>`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${FORMAT_IDS.length}">${numFmts}</numFmts>` +
    `<fonts count="3"><font>${font}</font><font><b/>${font}</font>` +
    `<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
    '<fill><patternFill patternType="solid"><fgColor rgb="FFE8EDF3"/><bgColor indexed="64"/></patternFill></fill></fills>' +
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
    '<border><left/><right/><top/><bottom style="thin"><color rgb="FF9AA8B6"/></bottom><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="8">' +
    xf(0) +
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>' +
    xf(164) +
    xf(165) +
    xf(166) +
    xf(167) +
    xf(168) +
    '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** [Content_Types].xml */
export function contentTypesXml(hasNotes = false): string {
  const ct = 'application/vnd.openxmlformats-officedocument';
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>` +
    (hasNotes
      ? `<Override PartName="/xl/worksheets/${NOTES_SHEET_FILE}" ContentType="${ct}.spreadsheetml.worksheet+xml"/>`
      : '') +
    `<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/>` +
    `<Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.spreadsheetml.sharedStrings+xml"/>` +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    `<Override PartName="/docProps/app.xml" ContentType="${ct}.extended-properties+xml"/>` +
    '</Types>'
  );
}

/** A relationships part: one Relationship per entry, its attributes after the id, ids rId1… in order. */
function relationshipsXml(relationships: readonly string[]): string {
  const rels = relationships.map((attributes, i) => `<Relationship Id="rId${i + 1}" ${attributes}/>`);
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels.join('')}</Relationships>`;
}

/** _rels/.rels */
export function rootRelsXml(): string {
  const base = 'http://schemas.openxmlformats.org';
  return relationshipsXml([
    `Type="${base}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"`,
    `Type="${base}/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"`,
    `Type="${base}/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"`,
  ]);
}

/** The file and tab name of the optional notes sheet (WorkbookOptions.notes). */
export const NOTES_SHEET_FILE = 'sheet2.xml';
export const NOTES_SHEET_NAME = 'Notes';

/** xl/workbook.xml with its data sheet, and the notes sheet when there is one. */
export function workbookXml(sheetName: string, hasNotes = false): string {
  const notes = hasNotes ? `<sheet name="${NOTES_SHEET_NAME}" sheetId="2" r:id="rId4"/>` : '';
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="16000"/></bookViews>' +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/>${notes}</sheets></workbook>`
  );
}

/** xl/_rels/workbook.xml.rels; the notes sheet is rId4, after the parts every workbook has. */
export function workbookRelsXml(hasNotes = false): string {
  return relationshipsXml([
    `Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"`,
    `Type="${REL_NS}/styles" Target="styles.xml"`,
    `Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"`,
    ...(hasNotes ? [`Type="${REL_NS}/worksheet" Target="worksheets/${NOTES_SHEET_FILE}"`] : []),
  ]);
}

/** The notes sheet: one line per row in column A, as inline strings (the shared strings belong to the data). */
export function notesSheetXml(lines: readonly string[]): string {
  const rows = lines.map(
    (line, i) =>
      `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${escapeXml(line)}</t></is></c></row>`,
  );
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<cols><col min="1" max="1" width="120" customWidth="1"/></cols><sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

/** xl/worksheets/_rels/sheet1.xml.rels: one external relationship per hyperlink, ids rId1… */
export function sheetRelsXml(urls: readonly string[]): string {
  return relationshipsXml(
    urls.map((url) => `Type="${REL_NS}/hyperlink" Target="${escapeXml(url)}" TargetMode="External"`),
  );
}

/** docProps/core.xml: the title and creation time. */
export function coreXml(title: string, created: Date): string {
  const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>GET Energy Portal</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`
  );
}

/** docProps/app.xml */
export function appXml(): string {
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
    '<Application>GET Energy Portal</Application></Properties>'
  );
}

/** The start of sheet1.xml up to the opening of sheetData. */
export function sheetHeadXml(lastRef: string, widths: readonly number[]): string {
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<dimension ref="A1:${lastRef}"/>` +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols === '' ? '' : `<cols>${cols}</cols>`) +
    '<sheetData>'
  );
}

/** xl/sharedStrings.xml */
export function sharedStringsXml(strings: readonly string[], count: number): string {
  const items = strings.map((s) =>
    /^\s|\s$/.test(s)
      ? `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`
      : `<si><t>${escapeXml(s)}</t></si>`,
  );
  return `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${count}" uniqueCount="${strings.length}">${items.join('')}</sst>`;
}
