import { describe, expect, it } from 'vitest';
import { energyUnitLabel } from '../../../../src/domain/bills';
import { convertUsage } from '../../../../src/domain/budgets';
import { kbtuPerUnit } from '../../../../src/domain/energy';
import { SERVICE_TYPES } from '../../../../src/domain/serviceTypes';
import {
  IMPORT_UNITS,
  isUnitOfService,
  normaliseService,
  normaliseUnit,
  serviceOfUnit,
} from '../../../../src/domain/imports/spreadsheet/units';

describe('normaliseUnit', () => {
  it.each([
    ['kWh', 'kWh'],
    ['KWH', 'kWh'],
    ['kilowatt hours', 'kWh'],
    ['kWh (thousand Watt-hours)', 'kWh'],
    ['MWh', 'MWh'],
    ['Therm', 'therms'],
    ['THMS', 'therms'],
    ['CCF', 'ccf'],
    ['HCF', 'ccf'],
    ['ccf (hundred cubic feet)', 'ccf'],
    ['Mcf', 'mcf'],
    ['Dth', 'dth'],
    ['Decatherms', 'dth'],
    ['MMBtu', 'mmbtu'],
    ['kBtu', 'kbtu'],
    ['Gal', 'gallons'],
    ['Gallons (US)', 'gallons'],
    ['kgal', 'kgal'],
    ['Thousand Gallons', 'kgal'],
    ['furlongs', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (text, unit) => {
    expect(normaliseUnit(text)).toBe(unit);
  });

  it('only ever yields a unit the domain’s rules already know', () => {
    const services = SERVICE_TYPES.map((type) => type.value);
    for (const unit of IMPORT_UNITS) {
      const known =
        services.some((service) => kbtuPerUnit(service, unit) !== null) ||
        convertUsage(1, unit, 'kwh') !== null ||
        convertUsage(1, unit, 'therm') !== null ||
        convertUsage(1, unit, 'gallon') !== null ||
        energyUnitLabel(unit) !== unit;
      expect(known, unit).toBe(true);
    }
  });

  it('spells the service types’ own units as the spec’s table does', () => {
    for (const type of SERVICE_TYPES) if (type.unit) expect(normaliseUnit(type.unit)).toBe(type.unit);
  });
});

describe('normaliseService', () => {
  it.each([
    ['electric', 'electric'],
    ['Electricity', 'electric'],
    ['ELECTRIC', 'electric'],
    ['Electric - Grid', 'electric'],
    ['Natural Gas', 'natural_gas'],
    ['natural_gas', 'natural_gas'],
    ['Gas', 'natural_gas'],
    ['Water', 'water'],
    ['Municipally Supplied Potable Water - Indoor', 'water'],
    ['Fuel Oil (No. 2)', 'fuel_oil'],
    ['Propane', 'propane'],
    ['Sewage', 'sewer'],
    ['Wastewater', 'sewer'],
    ['Taxes & Fees', 'taxes_fees'],
    ['Refuse', 'trash'],
    ['Unobtainium', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (text, service) => {
    expect(normaliseService(text)).toBe(service);
  });
});

describe('serviceOfUnit', () => {
  it.each([
    ['kWh', 'electric'],
    ['therms', 'natural_gas'],
    ['gallons', null],
    ['ccf', null],
  ])('infers %j as %j', (unit, service) => {
    expect(serviceOfUnit(unit)).toBe(service);
  });
});

describe('isUnitOfService', () => {
  it.each([
    ['electric', 'kWh', true],
    ['electric', 'MWh', true],
    ['electric', 'therms', false],
    ['natural_gas', 'therms', true],
    ['natural_gas', 'ccf', true],
    ['natural_gas', 'dth', true],
    ['natural_gas', 'kWh', false],
    ['propane', 'gallons', true],
    ['water', 'ccf', true],
    ['water', 'kgal', true],
    ['trash', 'gallons', true],
  ])('%s in %s: %s', (service, unit, expected) => {
    expect(isUnitOfService(service, unit)).toBe(expected);
  });
});
