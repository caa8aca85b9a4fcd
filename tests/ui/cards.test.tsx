// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Wallet } from 'lucide-react';
import { figureFitStyle } from '../../src/ui/figureFit';
import { KpiCard } from '../../src/ui/KpiCard';
import { ServiceCard, ServiceTotalCards } from '../../src/ui/ServiceCard';
import { SERVICE_COLOURS } from '../../src/ui/serviceColours';

afterEach(cleanup);

describe('figureFitStyle', () => {
  it('counts the characters of a text or number figure, and leaves elements alone', () => {
    expect(figureFitStyle('$27,932,307.96')).toEqual({ '--figure-chars': 14 });
    expect(figureFitStyle(110)).toEqual({ '--figure-chars': 3 });
    expect(figureFitStyle(<span>1</span>)).toEqual({});
  });
});

describe('KpiCard', () => {
  it('shows its title as a heading, the whole figure and the note', () => {
    render(
      <KpiCard icon={Wallet} title="Total spend" value="$27,932,307.96" isAccent>
        latest 12 months
      </KpiCard>,
    );
    const card = screen.getByRole('article');
    expect(screen.getByRole('heading', { name: 'Total spend' })).toBeTruthy();
    expect(card.textContent).toContain('$27,932,307.96');
    expect(card.textContent).toContain('latest 12 months');
    expect(card.style.getPropertyValue('--figure-chars')).toBe('14');
    expect(card.className).toBe('kpi-card kpi-card--accent');
  });
});

describe('ServiceCard', () => {
  it("edges the card in its service's colour, the one charts use", () => {
    render(
      <ul>
        <ServiceCard serviceType="water" title="Water" value="$493,855.53" />
      </ul>,
    );
    const card = screen.getByRole('listitem');
    expect(card.style.getPropertyValue('--service-colour')).toBe(SERVICE_COLOURS.water);
    expect(card.getAttribute('data-service')).toBe('water');
  });

  it('lists 12-month totals largest spend first, with usage in the default unit', () => {
    render(
      <ul>
        <ServiceTotalCards
          byService={{ water: { charges: 10, usage: 1500 }, electric: { charges: 20, usage: 0 } }}
        />
      </ul>,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-service'))).toEqual(['electric', 'water']);
    expect(cards[0]?.textContent).toBe('Electricity$20.00');
    expect(cards[1]?.textContent).toBe('Water$10.001,500 Gallons');
  });
});
