import { describe, it, expect } from 'vitest';
import {
  ALL_SERVICES,
  DEFAULT_UNITS,
  SERVICE_TYPES,
  USAGE_SERVICE_TYPES,
  findServiceType,
  isMeteredService,
  serviceKey,
  serviceLabel,
  serviceTypeById,
  serviceUnit,
  compareServiceTypes,
  splitServices,
} from '../../src/domain/serviceTypes';

describe('serviceLabel', () => {
  it.each([
    ['electric', 'Electricity'],
    ['Electric', 'Electricity'],
    ['ELECTRIC', 'Electricity'],
    ['sewer', 'Sewage'],
    ['Sewer', 'Sewage'],
    ['lighting', 'Outdoor Lighting'],
    ['fireline', 'Fire Protection'],
    ['taxes_fees', 'Taxes & Fees'],
    ['satellite_tv', 'Satellite TV'],
    ['natural_gas', 'Natural Gas'],
    ['Natural Gas', 'Natural Gas'],
    ['drag_reducing_agent', 'Drag Reducing Agent'],
    ['fuel_oil', 'Fuel Oil'],
    ['water', 'Water'],
    ['storm_water', 'Storm Water'],
    ['Electricity', 'Electricity'],
    ['Outdoor Lighting', 'Outdoor Lighting'],
    ['solar__panels_', 'Solar Panels'],
    ['', ''],
  ])('labels %j as %j', (value, label) => {
    expect(serviceLabel(value)).toBe(label);
  });
});

describe('serviceKey', () => {
  it.each([
    ['natural_gas', 'natural_gas'],
    ['Natural Gas', 'natural_gas'],
    ['  Fuel   Oil ', 'fuel_oil'],
  ])('keys %j as %j', (value, key) => {
    expect(serviceKey(value)).toBe(key);
  });
});

describe('SERVICE_TYPES', () => {
  it('holds the 25 service types of the spec with unique values and ids', () => {
    expect(SERVICE_TYPES).toHaveLength(25);
    expect(new Set(SERVICE_TYPES.map((t) => t.value)).size).toBe(25);
    expect(new Set(SERVICE_TYPES.map((t) => t.id)).size).toBe(25);
  });

  it.each([
    ['electric', 4, 'kWh', 'Electricity'],
    ['natural_gas', 3, 'therms', 'Natural Gas'],
    ['water', 8, 'gallons', 'Water'],
    ['telecom', 12, undefined, 'Telecom'],
    ['trash', 13, undefined, 'Trash'],
    ['sewer', 7, 'gallons', 'Sewage'],
    ['drag_reducing_agent', 28, 'gallons', 'Drag Reducing Agent'],
    ['fuel_oil', 29, 'gallons', 'Fuel Oil'],
    ['propane', 16, 'gallons', 'Propane'],
    ['taxes_fees', 30, undefined, 'Taxes & Fees'],
    ['sanitation', 6, undefined, 'Sanitation'],
    ['lighting', 5, undefined, 'Outdoor Lighting'],
    ['irrigation', 9, undefined, 'Irrigation'],
    ['account', 11, undefined, 'Account'],
    ['steam', 14, undefined, 'Steam'],
    ['district_heat', 15, undefined, 'District Heat'],
    ['fireline', 17, undefined, 'Fire Protection'],
    ['internet', 22, undefined, 'Internet'],
    ['landline_phone', 23, undefined, 'Landline Phone'],
    ['television', 24, undefined, 'Television'],
    ['mobile_phone', 25, undefined, 'Mobile Phone'],
    ['cable', 26, undefined, 'Cable'],
    ['satellite_tv', 27, undefined, 'Satellite TV'],
    ['storm_water', 18, undefined, 'Storm Water'],
    ['recycling', 21, undefined, 'Recycling'],
  ])('has %s with id %i, unit %s and label %s', (value, id, unit, label) => {
    const type = findServiceType(value);
    expect(type).toEqual(unit === undefined ? { value, id, label } : { value, id, unit, label });
    expect(serviceTypeById(id)).toBe(type);
  });
});

describe('findServiceType and serviceTypeById', () => {
  it('finds a type by a display word', () => {
    expect(findServiceType('Natural Gas')?.id).toBe(3);
  });

  it.each(['', 'solar', 'Electricity'])('finds nothing for %j', (value) => {
    expect(findServiceType(value)).toBeUndefined();
  });

  it('finds nothing for an unknown id', () => {
    expect(serviceTypeById(99)).toBeUndefined();
  });
});

describe('serviceUnit', () => {
  it.each([
    ['electric', 'kWh'],
    ['Natural Gas', 'Therms'],
    ['natural_gas', 'Therms'],
    ['water', 'Gallons'],
    ['sewer', 'Gallons'],
    ['propane', 'Gallons'],
    ['telecom', ''],
    ['unknown', ''],
  ])('gives %j the unit %j', (value, unit) => {
    expect(serviceUnit(value)).toBe(unit);
  });
});

describe('isMeteredService', () => {
  it.each([
    ['electric', true],
    ['Natural Gas', true],
    ['sewer', true],
    ['drag_reducing_agent', true],
    ['trash', false],
    ['telecom', false],
    ['unknown', false],
  ])('%j → %s', (value, expected) => {
    expect(isMeteredService(value)).toBe(expected);
  });
});

describe('service constants', () => {
  it('lists the eight usage service types in the order of the spec', () => {
    expect(USAGE_SERVICE_TYPES).toEqual([
      'natural_gas',
      'sewer',
      'electric',
      'water',
      'trash',
      'telecom',
      'drag_reducing_agent',
      'fuel_oil',
    ]);
  });

  it('gives the default units of the spec', () => {
    expect(DEFAULT_UNITS).toEqual({ electric: 'kWh', natural_gas: 'Therms', water: 'Gallons' });
  });

  it('gives All Services an empty value', () => {
    expect(ALL_SERVICES).toEqual({ label: 'All Services', value: '' });
  });
});

describe('compareServiceTypes', () => {
  it('sorts in the table order, unknown services last by name', () => {
    expect(['zeta', 'water', 'alpha', 'electric', 'natural_gas'].sort(compareServiceTypes)).toEqual([
      'electric',
      'natural_gas',
      'water',
      'alpha',
      'zeta',
    ]);
  });
});

describe('splitServices', () => {
  it.each([
    ['electric,water', ['electric', 'water']],
    [' electric , , water ', ['electric', 'water']],
    ['', []],
    [null, []],
    [undefined, []],
  ])('splits %j', (list, services) => {
    expect(splitServices(list)).toEqual(services);
  });
});
