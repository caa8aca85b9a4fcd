// `GET /contracts/{id}/download` (spec 001 §7 file downloads): a one-page contract summary rendered with pdfkit. The
// creation date is the contract's last change, so the same contract always gives the same bytes.
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { contractLinkedLocations, locations } from '../../db/schema';
import { sendFileBytes } from '../../files/download';
import { simplePdf } from '../../files/pdf';
import { rateTypeLabel } from '../../../../src/domain/contractForm';
import { formatAmount, formatDay } from '../../../../src/domain/format';
import { serviceLabel } from '../../../../src/domain/serviceTypes';
import type { PublicContract } from './contractRows';

function day(value: string | null): string {
  return formatDay(value) ?? 'N/A';
}

/** The lines of a contract summary, in the order of the contract page. */
export function contractSummaryLines(contract: PublicContract): string[] {
  return [
    `Service: ${serviceLabel(contract.serviceType)}`,
    `Vendor: ${contract.vendorName}`,
    `Status: ${contract.status}`,
    `Start date: ${day(contract.startDate)}`,
    `End date: ${day(contract.endDate)}`,
    `Term: ${contract.termMonth === null ? 'N/A' : `${contract.termMonth} months`}`,
    `Signed: ${day(contract.contractSignDate)}`,
    `Rate: ${contract.contractRate === null ? 'N/A' : String(contract.contractRate)}`,
    `Rate type: ${rateTypeLabel(contract.contractRateType)}`,
    `Annual usage: ${contract.contractAnnualUsage === null ? 'N/A' : formatAmount(contract.contractAnnualUsage)}`,
    `Consultant: ${contract.consultantName ?? 'N/A'}`,
  ];
}

/** Renders and sends the summary PDF of a contract, with its linked locations. */
export async function sendPdfSummary(
  db: Db,
  reply: FastifyReply,
  companyName: string,
  contract: PublicContract,
): Promise<FastifyReply> {
  const sites = await db
    .select({ name: locations.name, city: locations.city, state: locations.state })
    .from(contractLinkedLocations)
    .innerJoin(locations, eq(locations.id, contractLinkedLocations.locationId))
    .where(eq(contractLinkedLocations.contractId, contract.id))
    .orderBy(asc(locations.name));
  const title = `Contract summary — ${contract.vendorName}`;
  const bytes = await simplePdf({ title, createdAt: new Date(contract.updatedAt) }, [
    { lines: [companyName] },
    { heading: 'Contract', lines: contractSummaryLines(contract) },
    {
      heading: `Linked locations (${sites.length})`,
      lines: sites.length > 0 ? sites.map((site) => `${site.name} — ${site.city}, ${site.state}`) : ['None'],
    },
    ...(contract.notes ? [{ heading: 'Notes', lines: [contract.notes] }] : []),
  ]);
  const fileName = `Contract ${contract.vendorName} ${contract.startDate}.pdf`;
  return sendFileBytes(reply, { fileName, mimeType: 'application/pdf', bytes });
}
