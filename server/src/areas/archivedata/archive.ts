// The Archive calls of spec 001 §7 (each also under /api/companies/:companyId): the search over archived statements,
// paged and sorted, and a statement's PDF (the stored one, else rendered). Online only: archived statements never
// sync (docs/architecture.md §14 Bills and archive). Every filter and sort reads an index that starts with the
// company, so a search over 100,000 statements answers within 300 ms (`npm run bench:archive`).
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { companyOf } from '../../auth/access';
import { archiveRecords } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { sendFileBytes } from '../../files/download';
import { simplePdf } from '../../files/pdf';
import {
  ARCHIVE_MAX_PAGE_SIZE,
  ARCHIVE_PAGE_SIZE,
  ARCHIVE_SORT_KEYS,
  archiveSearchProblems,
} from '../../../../src/domain/archive';
import type { ArchivePage, ArchiveSearch, ArchiveSortKey } from '../../../../src/domain/archive';
import { formatCurrency } from '../../../../src/domain/money';
import { CompanyId, IsoDate } from '../../http/commonSchemas';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

const Day = IsoDate;
const Text = Type.String({ maxLength: 80 });
const Money = Type.Number({ minimum: -1e9, maximum: 1e9 });

const SearchBody = Type.Object(
  {
    accountNumber: Type.Optional(Text),
    vendorName: Type.Optional(Text),
    invoiceDateFrom: Type.Optional(Day),
    invoiceDateTo: Type.Optional(Day),
    amountMin: Type.Optional(Money),
    amountMax: Type.Optional(Money),
    statementId: Type.Optional(Text),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: ARCHIVE_MAX_PAGE_SIZE })),
    sortBy: Type.Optional(Type.Union(ARCHIVE_SORT_KEYS.map((key) => Type.Literal(key)))),
    sortDir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);

const PdfQuery = Type.Object(
  { companyId: CompanyId, gcStatementId: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);

const SORT_COLUMNS = {
  invoiceDate: archiveRecords.invoiceDate,
  amount: archiveRecords.amount,
  accountNumber: archiveRecords.accountNumber,
  vendorName: archiveRecords.vendorName,
  statementId: archiveRecords.gcStatementId,
} satisfies Record<ArchiveSortKey, unknown>;

/** `like` patterns match the text literally: %, _ and \ in a criterion are not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(companyId: number, search: ArchiveSearch): SQL | undefined {
  const t = archiveRecords;
  return and(
    eq(t.companyId, companyId),
    search.accountNumber
      ? sql`${t.accountNumber} like ${`${literal(search.accountNumber.trim())}%`}`
      : undefined,
    // Anywhere in the name: people search a vendor by its distinctive word ("Edison" finds "Prairie Edison").
    search.vendorName
      ? sql`lower(${t.vendorName}) like ${`%${literal(search.vendorName.trim().toLowerCase())}%`}`
      : undefined,
    // Statement ids are stored in capitals ('GC4200123'): the id as typed and in capitals, so the unique index serves.
    search.statementId
      ? inArray(t.gcStatementId, [
          ...new Set([search.statementId.trim(), search.statementId.trim().toUpperCase()]),
        ])
      : undefined,
    search.invoiceDateFrom ? gte(t.invoiceDate, search.invoiceDateFrom) : undefined,
    search.invoiceDateTo ? lte(t.invoiceDate, search.invoiceDateTo) : undefined,
    search.amountMin !== undefined ? gte(t.amount, search.amountMin) : undefined,
    search.amountMax !== undefined ? lte(t.amount, search.amountMax) : undefined,
  );
}

/** Registers the archive routes with their consultant twins. */
export function archiveRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/archive/search', { area: 'archivedata' })) {
    app.post(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, body: SearchBody } },
      async (request): Promise<ArchivePage> => {
        const search: ArchiveSearch = request.body;
        const problems = archiveSearchProblems(search);
        const [first] = Object.values(problems);
        if (first)
          throw badRequest(
            first,
            Object.fromEntries(Object.entries(problems).map(([field, text]) => [`body.${field}`, text])),
          );
        const where = whereOf(companyOf(request).id, search);
        const page = search.page ?? 1;
        const pageSize = search.pageSize ?? ARCHIVE_PAGE_SIZE;
        const column = SORT_COLUMNS[search.sortBy ?? 'invoiceDate'];
        const direction = (search.sortDir ?? (search.sortBy ? 'asc' : 'desc')) === 'asc' ? asc : desc;
        const [rows, [total]] = await Promise.all([
          db
            .select({
              id: archiveRecords.id,
              accountNumber: archiveRecords.accountNumber,
              vendorName: archiveRecords.vendorName,
              invoiceDate: archiveRecords.invoiceDate,
              billMonth: archiveRecords.billMonth,
              amount: archiveRecords.amount,
              statementId: archiveRecords.gcStatementId,
            })
            .from(archiveRecords)
            .where(where)
            .orderBy(direction(column), direction(archiveRecords.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
          db.select({ n: count() }).from(archiveRecords).where(where),
        ]);
        return { rows, total: total?.n ?? 0, page, pageSize };
      },
    );
  }

  // The company is named in the query (spec 001 §7), so the access rule reads it from there.
  app.get(
    '/api/archive/downloadBillPdf',
    {
      config: { access: { company: { from: 'query', name: 'companyId' }, area: 'archivedata' } },
      schema: { querystring: PdfQuery },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const [record] = await db
        .select()
        .from(archiveRecords)
        .where(
          and(
            eq(archiveRecords.companyId, companyId),
            inArray(archiveRecords.gcStatementId, [
              ...new Set([request.query.gcStatementId, request.query.gcStatementId.toUpperCase()]),
            ]),
          ),
        );
      if (!record) throw notFound();
      const bytes =
        record.pdf ??
        (await simplePdf(
          {
            title: `Statement ${record.gcStatementId}`,
            createdAt: new Date(`${record.invoiceDate}T12:00:00Z`),
          },
          [
            {
              heading: record.vendorName,
              lines: [
                `Account number: ${record.accountNumber}`,
                `Bill month: ${record.billMonth}`,
                `Invoice date: ${record.invoiceDate}`,
                `Amount: ${formatCurrency(record.amount)}`,
                `Statement: ${record.gcStatementId}`,
              ],
            },
            { lines: ['Archived statement: reproduced from the archive record.'] },
          ],
        ));
      return sendFileBytes(reply, {
        fileName: `Statement_${record.gcStatementId}.pdf`,
        mimeType: 'application/pdf',
        bytes,
      });
    },
  );
  return Promise.resolve();
}
