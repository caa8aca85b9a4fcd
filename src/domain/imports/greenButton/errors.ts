/** Why a Green Button file could not be read; the import answers it as a 400 with the message. */
export type GreenButtonErrorCode =
  'not_xml' | 'not_espi' | 'no_usage_point' | 'missing_reading_type' | 'unknown_unit' | 'bad_value';

/** A file the Green Button import cannot read, with a message a person can act on. */
export class GreenButtonError extends Error {
  readonly code: GreenButtonErrorCode;

  constructor(code: GreenButtonErrorCode, message: string) {
    super(message);
    this.name = 'GreenButtonError';
    this.code = code;
  }
}
