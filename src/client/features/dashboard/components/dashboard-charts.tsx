import { messages } from '../../../../lib/messages';
import type { DashboardResponse } from '../../../../lib/schemas/dashboard';
import { ChartFigure as Figure, UplotChart } from '../../../components/chart-figure';

const t = messages.dashboard;
const BAR = '#4f7a5a';
const HARDEST = '#b5532a';
const LINE = '#3b5f8a';

/** The shared chart figure with the dashboard's texts. */
function ChartFigure(props: Omit<Parameters<typeof Figure>[0], 'showTable' | 'loading'>) {
  return <Figure {...props} showTable={t.showTable} loading={t.chartLoading} />;
}

export function SquaresChart({ data }: { data: DashboardResponse }) {
  const x = data.squares.map((_, i) => i);
  return (
    <ChartFigure
      id="dashboard-squares"
      title={t.squaresTitle}
      caption={t.squaresCaption}
      chart={
        <UplotChart
          kind="bars"
          x={x}
          xLabels={data.squares.map((s) => String(s.position + 1))}
          series={[
            {
              label: t.columnReaders,
              values: data.squares.map((s) => (s.hardest ? null : s.readers)),
              colour: BAR,
            },
            {
              label: t.hardestMark,
              values: data.squares.map((s) => (s.hardest ? s.readers : null)),
              colour: HARDEST,
            },
          ]}
        />
      }
      table={
        <table>
          <caption>{t.squaresTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnSquare}</th>
              <th scope="col">{t.columnReaders}</th>
              <th scope="col">{t.columnRuleMet}</th>
              <th scope="col">{t.columnHardest}</th>
            </tr>
          </thead>
          <tbody>
            {data.squares.map((s) => (
              <tr key={s.position}>
                <th scope="row" title={s.challenge}>
                  {t.squareName(s.position, s.label)}
                </th>
                <td>{s.readers}</td>
                <td>{s.ruleMetShare === null ? t.noRule : t.share(s.ruleMetShare)}</td>
                <td>{s.hardest ? t.hardestMark : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function PointsChart({ data }: { data: DashboardResponse }) {
  const buckets = data.pointsHistogram;
  return (
    <ChartFigure
      id="dashboard-points"
      title={t.pointsTitle}
      caption={t.pointsCaption}
      chart={
        <UplotChart
          kind="bars"
          x={buckets.map((_, i) => i)}
          xLabels={buckets.map((b) => String(b.from))}
          series={[{ label: t.columnReaders, values: buckets.map((b) => b.readers), colour: BAR }]}
        />
      }
      table={
        <table>
          <caption>{t.pointsTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnPoints}</th>
              <th scope="col">{t.columnReaders}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.from}>
                <th scope="row">{t.pointsRange(b.from, b.to)}</th>
                <td>{b.readers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function DaysChart({ data }: { data: DashboardResponse }) {
  const days = data.placementsPerDay;
  return (
    <ChartFigure
      id="dashboard-days"
      title={t.daysTitle}
      caption={t.daysCaption}
      chart={
        <UplotChart
          kind="line"
          x={days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000)}
          series={[{ label: t.columnBooks, values: days.map((d) => d.placements), colour: LINE }]}
        />
      }
      table={
        <table>
          <caption>{t.daysTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnDate}</th>
              <th scope="col">{t.columnBooks}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.placements}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
