// Validation of meter and account identifiers written by the single-account page (second spec document §7:
// addMeterRecord, updateEsiIdSubAddress). The rules live in src/domain/meters.ts, shared with the offline client,
// which checks a write the same way before it queues it.
export {
  ESI_ID_LENGTHS,
  esiIdProblem,
  normalizedZip,
  stateKey,
  zipRule,
} from '../../../../src/domain/meters';
