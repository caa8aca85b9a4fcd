// Registers only the chart.js parts our three kinds use, so the rest is tree-shaken out of the bundle.
// Bar and line charts put points on a linear x scale (see window.ts), so no category scale is needed.
import {
  ArcElement,
  BarController,
  BarElement,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  DoughnutController,
  ArcElement,
  LinearScale,
  Tooltip,
  Legend,
  Title,
);

/** chart.js with our parts registered; import it from here so registration always runs first. */
export { Chart as ChartJS };
