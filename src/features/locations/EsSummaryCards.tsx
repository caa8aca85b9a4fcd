import { Factory, Gauge, Star, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { monthLabel } from '../../domain/dates';
import type { EsMetricKey, EsRowView } from '../../domain/energyStar';
import type { EnergyStarMetricRow } from '../../db/rows';
import { KpiCard } from '../../ui/KpiCard';
import { EsChange } from '../../ui/energyStar/EsChange';
import { esValue } from '../../ui/energyStar/esFormat';

const CARDS: { key: EsMetricKey; title: string; icon: LucideIcon }[] = [
  { key: 'score', title: 'ENERGY STAR score', icon: Star },
  { key: 'sourceIntensity', title: 'Source intensity', icon: Gauge },
  { key: 'locationIntensity', title: 'Site intensity', icon: Zap },
  { key: 'totalGHGEmissions', title: 'GHG emissions', icon: Factory },
];

/** The latest month's score, intensities and emissions, each with its change versus the baseline. */
export function EsSummaryCards({ latest }: { latest: EsRowView<EnergyStarMetricRow> | null }) {
  return (
    <div className="kpi-grid" aria-label="Latest ENERGY STAR figures">
      {CARDS.map((card, index) => (
        <KpiCard
          key={card.key}
          icon={card.icon}
          title={card.title}
          value={esValue(card.key, latest?.[card.key])}
          isAccent={index === 0}
        >
          {latest ? (
            <>
              {monthLabel(latest.metricMonth)}
              {card.key === 'score' && latest.change !== 0 ? (
                <>
                  {' · '}
                  <EsChange metric="score" change={{ change: latest.change }} label="vs previous" />
                </>
              ) : null}
              {latest.vsBaseline[card.key] ? (
                <>
                  {' · '}
                  <EsChange metric={card.key} change={latest.vsBaseline[card.key]} label="vs baseline" />
                </>
              ) : null}
            </>
          ) : (
            'No figures yet'
          )}
        </KpiCard>
      ))}
    </div>
  );
}
