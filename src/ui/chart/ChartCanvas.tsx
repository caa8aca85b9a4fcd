// The drawing part of a chart card: react-chartjs-2 and chart.js, a chunk of its own that Chart.tsx loads only when
// a chart has data to draw, so a page's first frame (a grid's rows, the cards' figures) never waits for it.
import { Chart as ReactChart } from 'react-chartjs-2';
import type { ChartConfig } from './config';
import './setup';

/** The canvas of a chart card: bar, line or doughnut, as the config says. */
export function ChartCanvas({ config, label }: { config: ChartConfig; label: string }) {
  // 'none': scrolling and theme switches redraw at once instead of animating every frame of a drag.
  const common = { role: 'img', 'aria-label': label, updateMode: 'none' } as const;
  switch (config.type) {
    case 'bar':
      return <ReactChart type="bar" data={config.data} options={config.options} {...common} />;
    case 'line':
      return <ReactChart type="line" data={config.data} options={config.options} {...common} />;
    case 'doughnut':
      return <ReactChart type="doughnut" data={config.data} options={config.options} {...common} />;
  }
}
