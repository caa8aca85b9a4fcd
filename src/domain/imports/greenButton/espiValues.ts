import { GreenButtonError } from './errors';
import { CURRENCIES, MONEY_SCALE, UNITS } from './espiCodes';
import { childText, type XmlElement } from './xml';

/** An optional whole number of an ESPI element; a value that is not one is a GreenButtonError ('bad_value'). */
export function integer(element: XmlElement, local: string, what: string): number | undefined {
  const text = childText(element, local);
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(text)) {
    throw new GreenButtonError('bad_value', `The ${what} "${text}" in the file is not a whole number.`);
  }
  return Number(text);
}

/** A whole number the file must give. */
export function requiredInteger(element: XmlElement, local: string, what: string): number {
  const value = integer(element, local, what);
  if (value === undefined) throw new GreenButtonError('bad_value', `A ${what} is missing from the file.`);
  return value;
}

/** The portal unit of an ESPI UnitSymbolKind; one the import does not know is a GreenButtonError ('unknown_unit'). */
export function unitOf(uom: number): { unit: string; perUnit: number } {
  const unit = UNITS[uom];
  if (unit === undefined) {
    throw new GreenButtonError(
      'unknown_unit',
      `The file measures in a unit this import does not know (ESPI unit code ${uom}); expected energy, gas or water.`,
    );
  }
  return unit;
}

/** A raw ESPI value in a portal unit: times ten to the multiplier, then divided into the unit. */
export function scaled(raw: number, powerOfTenMultiplier: number, perUnit: number): number {
  const base =
    powerOfTenMultiplier >= 0 ? raw * 10 ** powerOfTenMultiplier : raw / 10 ** -powerOfTenMultiplier;
  return perUnit === 1 ? base : base / perUnit;
}

/** The ISO 4217 code of an ESPI currency number. */
export function currencyOf(code: number | undefined): string | undefined {
  return code === undefined ? undefined : (CURRENCIES[code] ?? `ISO 4217 ${code}`);
}

/** An ESPI amount of money in the currency unit. */
export function money(element: XmlElement, local: string): number | undefined {
  const amount = integer(element, local, 'amount');
  return amount === undefined ? undefined : amount / MONEY_SCALE;
}
