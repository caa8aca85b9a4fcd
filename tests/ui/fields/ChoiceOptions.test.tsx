// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChoiceOptions, namedChoices } from '../../../src/ui/fields/ChoiceOptions';

afterEach(cleanup);

function optionTexts(select: HTMLElement): string[] {
  return [...select.querySelectorAll('option')].map((option) => `${option.value}=${option.textContent}`);
}

describe('ChoiceOptions', () => {
  it('lists the choices in order, after the empty value when it has a label', () => {
    render(
      <>
        <select aria-label="Plain" value="b" onChange={() => undefined}>
          <ChoiceOptions
            choices={namedChoices([
              { id: 'a', name: 'Alpha' },
              { id: 7, name: 'Seven' },
            ])}
          />
        </select>
        <select aria-label="With empty" value="" onChange={() => undefined}>
          <ChoiceOptions emptyLabel="Choose one" choices={[{ value: 'b', label: 'Beta' }]} />
        </select>
      </>,
    );
    expect(optionTexts(screen.getByLabelText('Plain'))).toEqual(['a=Alpha', '7=Seven']);
    expect(optionTexts(screen.getByLabelText('With empty'))).toEqual(['=Choose one', 'b=Beta']);
  });
});
