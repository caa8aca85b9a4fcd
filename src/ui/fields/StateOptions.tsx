import { STATES } from '../../domain/states';

/** The spec's state list (US, Mexico, Canada) as the <option>s of a SelectField. */
export function StateOptions() {
  return STATES.map((option) => (
    <option key={option.key} value={option.key}>
      {option.label}
    </option>
  ));
}
