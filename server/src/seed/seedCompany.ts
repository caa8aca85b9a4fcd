// Generates one company's data and writes it in foreign-key order. Synced rows get consecutive versions.
import {
  accounts,
  accrualReports,
  accruals,
  alertNotes,
  alerts,
  apDeliveries,
  archiveRecords,
  billAttachments,
  billCharges,
  billPayBillNotes,
  billLines,
  billUsages,
  bills,
  budgetItems,
  budgets,
  clientDeposits,
  companyDocuments,
  contractDocuments,
  contractLinkedLocations,
  contracts,
  controlWorkbooks,
  customAttributes,
  fileInbox,
  glFiles,
  locationAttributeValues,
  locations,
  meters,
  openCloseEvents,
  openCloseNotes,
  openCloseRequests,
  paymentConfirmations,
  siteTags,
  supportRequestTypes,
  supportTickets,
  tags,
  ticketAttachments,
  ticketComments,
} from '../db/schema';
import { generateAccounts } from './accounts';
import { generateAlerts } from './alerts';
import { generateArchive } from './archive';
import { generateBillPay } from './billPay';
import { generateBillAttachments } from './billAttachments';
import { generateBills } from './bills';
import { generateBudgets } from './budgets';
import { generateCompanyDocuments } from './companyDocuments';
import type { SeedWriter } from './bulkInsert';
import type { CompanyContext } from './context';
import { generateContracts } from './contracts';
import { generateLocations } from './locations';
import { generateOpenClose } from './openClose';
import { generateTickets } from './tickets';
import { areaSeeds } from '../areas/index';

/** Writes every area of one company; answers how many ticket numbers it used. */
export async function seedCompany(
  writer: SeedWriter,
  ctx: CompanyContext,
  firstTicketNumber: number,
): Promise<number> {
  const id = ctx.companyId;
  const site = generateLocations(ctx);
  await writer.insertSynced(customAttributes, id, site.attributes);
  await writer.insertSynced(tags, id, site.tags);
  await writer.insertSynced(
    locations,
    id,
    site.locations.map((l) => l.row),
  );
  await writer.insertSynced(locationAttributeValues, id, site.attributeValues);
  await writer.insertSynced(siteTags, id, site.siteTags);

  const acct = generateAccounts(ctx, site.locations);
  await writer.insertSynced(
    accounts,
    id,
    acct.accounts.map((a) => a.row),
  );
  await writer.insertSynced(meters, id, acct.meters);

  const billData = generateBills(ctx, acct.accounts);
  await writer.insertSynced(
    bills,
    id,
    billData.accountBills.flatMap((a) => a.bills),
  );
  await writer.insert(billCharges, billData.charges);
  await writer.insert(billUsages, billData.usages);
  await writer.insertSynced(billLines, id, billData.lines);
  await writer.insert(billAttachments, generateBillAttachments(ctx, billData.accountBills));

  const alertData = generateAlerts(ctx, billData.accountBills, billData);
  await writer.insertSynced(alerts, id, alertData.alerts);
  await writer.insertSynced(alertNotes, id, alertData.notes);

  const contractData = generateContracts(ctx, site.locations);
  await writer.insertSynced(contracts, id, contractData.contracts);
  await writer.insertSynced(contractLinkedLocations, id, contractData.linkedLocations);
  await writer.insertSynced(contractDocuments, id, contractData.contractDocuments);
  await writer.insert(fileInbox, contractData.files);
  const documentData = await generateCompanyDocuments(ctx);
  await writer.insertSynced(companyDocuments, id, documentData.documents);
  await writer.insert(fileInbox, documentData.files);

  const budgetData = generateBudgets(ctx, billData.accountBills);
  await writer.insertSynced(budgets, id, budgetData.budgets);
  await writer.insertSynced(budgetItems, id, budgetData.items);

  const pay = generateBillPay(ctx, billData.accountBills);
  await writer.insertSynced(apDeliveries, id, pay.apDeliveries);
  await writer.insertSynced(paymentConfirmations, id, pay.payments);
  await writer.insertSynced(clientDeposits, id, pay.deposits);
  await writer.insertSynced(accruals, id, pay.accruals);
  await writer.insert(accrualReports, pay.accrualReports);
  await writer.insert(glFiles, pay.glFiles);
  await writer.insert(controlWorkbooks, pay.workbooks);
  await writer.insert(billPayBillNotes, pay.billNotes);

  const openClose = generateOpenClose(ctx, acct.accounts);
  await writer.insertSynced(openCloseRequests, id, openClose.requests);
  await writer.insertSynced(openCloseNotes, id, openClose.notes);
  await writer.insertSynced(openCloseEvents, id, openClose.events);

  const tickets = generateTickets(ctx, acct.accounts, firstTicketNumber);
  await writer.insert(supportRequestTypes, tickets.requestTypes);
  await writer.insertSynced(supportTickets, id, tickets.tickets);
  await writer.insertSynced(ticketComments, id, tickets.comments);
  await writer.insertSynced(ticketAttachments, id, tickets.attachments);
  await writer.insert(fileInbox, tickets.files);

  await writer.insert(archiveRecords, generateArchive(ctx, billData.accountBills));

  const seeded = {
    ctx,
    locations: site.locations,
    accounts: acct.accounts,
    accountBills: billData.accountBills,
  };
  for (const area of await areaSeeds()) await area.seedArea(writer, seeded);
  return tickets.tickets.length;
}
