// The geometry of the contract timeline (a Gantt-like chart of contract periods by service, today marked): where
// each bar and tick sits, in percent of the time window, so the chart is plain HTML that scales with its box.
import { compareServiceTypes } from '../../domain/serviceTypes';

/** A contract period to draw. */
export interface TimelineItem {
  id: string;
  serviceType: string;
  startDate: string;
  endDate: string;
}

/** A bar: its item and its place in percent of the window. */
export interface TimelineBar<Item extends TimelineItem> {
  item: Item;
  left: number;
  width: number;
}

/** The timeline of some contracts. */
export interface TimelineLayout<Item extends TimelineItem> {
  /** Services in the spec's order, each with rows of bars that do not overlap. */
  lanes: { serviceType: string; rows: TimelineBar<Item>[][] }[];
  /** Where today is, in percent (the window always includes it). */
  todayAt: number;
  /** The first day of each year inside the window. */
  ticks: { label: string; at: number }[];
}

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

/**
 * Lays out contract periods: the window runs from the earliest start to the latest end (today included), each
 * service gets a lane, and overlapping contracts of one service (an extension next to its predecessor does not
 * overlap) go on rows of their own.
 */
export function timelineLayout<Item extends TimelineItem>(
  items: readonly Item[],
  today: string,
): TimelineLayout<Item> {
  if (items.length === 0) return { lanes: [], todayAt: 0, ticks: [] };
  const now = dayNumber(today);
  const starts = items.map((item) => dayNumber(item.startDate));
  const ends = items.map((item) => dayNumber(item.endDate) + 1);
  const first = Math.min(now, ...starts);
  const last = Math.max(now + 1, ...ends);
  const span = last - first;
  const at = (day: number) => ((day - first) / span) * 100;

  const byService = new Map<string, Item[]>();
  for (const item of items) {
    const list = byService.get(item.serviceType);
    if (list) list.push(item);
    else byService.set(item.serviceType, [item]);
  }
  const lanes = [...byService.keys()].sort(compareServiceTypes).map((serviceType) => {
    const sorted = [...(byService.get(serviceType) ?? [])].sort(
      (a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
    );
    const rows: { end: number; bars: TimelineBar<Item>[] }[] = [];
    for (const item of sorted) {
      const start = dayNumber(item.startDate);
      const end = dayNumber(item.endDate) + 1;
      const bar = { item, left: at(start), width: Math.max(at(end) - at(start), 0.5) };
      const free = rows.find((row) => row.end <= start);
      if (free) {
        free.bars.push(bar);
        free.end = end;
      } else rows.push({ end, bars: [bar] });
    }
    return { serviceType, rows: rows.map((row) => row.bars) };
  });

  const ticks: { label: string; at: number }[] = [];
  const firstYear = new Date(first * DAY_MS).getUTCFullYear() + 1;
  const lastYear = new Date((last - 1) * DAY_MS).getUTCFullYear();
  const every = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 10));
  for (let year = firstYear; year <= lastYear; year += every)
    ticks.push({ label: String(year), at: at(dayNumber(`${year}-01-01`)) });
  return { lanes, todayAt: at(now), ticks };
}
