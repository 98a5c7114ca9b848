import type { Participant } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { ColumnHeads } from '@/components/ui/column-heads';
import { formatCalendarDate, localDateIso } from '@/lib/dates';

/*
 * The owner's chart of entries per day, split by how the entrant came: directly or through
 * someone's referral link. It counts the entries in the draw (confirmed, not disqualified), by
 * day on the owner's own calendar, with the days without entries in between shown as empty.
 * The picture is one SVG described in words for a screen reader; the numbers themselves are in a
 * table under it, behind "Show the numbers".
 */

export interface DayCount {
  /** YYYY-MM-DD on the viewer's calendar. */
  day: string;
  direct: number;
  referral: number;
}

/** The most days drawn: the latest ones (the CSV has every entry). */
export const CHART_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The columns of the table of numbers under the chart, in order. */
const NUMBER_COLUMNS = ['Day', 'Direct', 'Referral', 'Total'] as const;

/** The calendar day after `day` (YYYY-MM-DD), counted in UTC so no clock change can skip one. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Entries in the draw per day and source, oldest first, the empty days between included. */
export function entriesPerDay(
  entrants: readonly Pick<
    Participant,
    'created_at' | 'disqualified_at' | 'confirmed_at' | 'source'
  >[],
): DayCount[] {
  const counts = new Map<string, DayCount>();
  for (const p of entrants) {
    if (p.disqualified_at || !p.confirmed_at) continue;
    const at = new Date(p.created_at);
    if (Number.isNaN(at.getTime())) continue;
    const day = localDateIso(at);
    const count = counts.get(day) ?? { day, direct: 0, referral: 0 };
    if (p.source === 'referral') count.referral += 1;
    else count.direct += 1;
    counts.set(day, count);
  }
  const days = [...counts.keys()].sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return [];
  const all: DayCount[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    all.push(counts.get(day) ?? { day, direct: 0, referral: 0 });
  }
  return all.slice(-CHART_DAYS);
}

const Figure = styled.figure`
  margin: 0;
`;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 10rem;
  overflow: visible;
`;

const DirectBar = styled.rect`
  fill: ${({ theme }) => theme.colors.primary};
`;

const ReferralBar = styled.rect`
  fill: ${({ theme }) => theme.colors.accent};
`;

const Axis = styled.line`
  stroke: ${({ theme }) => theme.colors.border};
  stroke-width: 1;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Swatch = styled.span<{ $kind: 'direct' | 'referral' }>`
  display: inline-block;
  width: 0.75rem;
  height: 0.75rem;
  margin-right: ${({ theme }) => theme.space[1]};
  border-radius: 2px;
  vertical-align: -0.05em;
  background: ${({ theme, $kind }) =>
    $kind === 'direct' ? theme.colors.primary : theme.colors.accent};
`;

const Ends = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Numbers = styled.details`
  margin-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  summary {
    cursor: pointer;
    font-weight: 600;
  }

  table {
    margin-top: ${({ theme }) => theme.space[2]};
    border-collapse: collapse;
  }

  th,
  td {
    padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
  }

  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

const VIEW_WIDTH = 600;
const VIEW_HEIGHT = 160;

const short = (day: string) => formatCalendarDate(day, 'short');

/** One sentence for a screen reader: the span, the totals by source and the busiest day. */
export function chartSummary(days: readonly DayCount[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return 'No entries yet.';
  const direct = days.reduce((n, d) => n + d.direct, 0);
  const referral = days.reduce((n, d) => n + d.referral, 0);
  const busiest = days.reduce((a, b) => (b.direct + b.referral > a.direct + a.referral ? b : a));
  const span =
    first.day === last.day
      ? `On ${short(first.day)}`
      : `From ${short(first.day)} to ${short(last.day)}`;
  return `${span}: ${direct} direct and ${referral} by referral. The busiest day was ${short(busiest.day)}, with ${busiest.direct + busiest.referral}.`;
}

export function EntriesChart({ days }: { days: readonly DayCount[] }) {
  if (days.length === 0) return null;
  const most = Math.max(1, ...days.map((d) => d.direct + d.referral));
  const slot = VIEW_WIDTH / days.length;
  const barWidth = Math.max(1, slot * 0.7);
  const scale = (n: number) => (n / most) * VIEW_HEIGHT;
  const first = days[0] as DayCount;
  const last = days[days.length - 1] as DayCount;

  return (
    <Figure>
      <Svg
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Entries per day by source. ${chartSummary(days)}`}
      >
        {days.map((d, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          const directHeight = scale(d.direct);
          const referralHeight = scale(d.referral);
          return (
            <g key={d.day}>
              <title>{`${short(d.day)}: ${d.direct} direct, ${d.referral} by referral`}</title>
              {d.direct > 0 ? (
                <DirectBar
                  x={x}
                  y={VIEW_HEIGHT - directHeight}
                  width={barWidth}
                  height={directHeight}
                />
              ) : null}
              {d.referral > 0 ? (
                <ReferralBar
                  x={x}
                  y={VIEW_HEIGHT - directHeight - referralHeight}
                  width={barWidth}
                  height={referralHeight}
                />
              ) : null}
            </g>
          );
        })}
        <Axis x1={0} x2={VIEW_WIDTH} y1={VIEW_HEIGHT} y2={VIEW_HEIGHT} />
      </Svg>
      <Ends aria-hidden="true">
        <span>{short(first.day)}</span>
        {days.length > 1 ? <span>{short(last.day)}</span> : null}
      </Ends>
      <Legend aria-hidden="true">
        <li>
          <Swatch $kind="direct" />
          Direct
        </li>
        <li>
          <Swatch $kind="referral" />
          Referral
        </li>
        <li>Tallest bar: {most}</li>
      </Legend>
      <Numbers>
        <summary>Show the numbers</summary>
        <table>
          <caption className="sr-only">Entries per day by source</caption>
          <thead>
            <tr>
              <ColumnHeads names={NUMBER_COLUMNS} />
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{short(d.day)}</th>
                <td>{d.direct}</td>
                <td>{d.referral}</td>
                <td>{d.direct + d.referral}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Numbers>
    </Figure>
  );
}
