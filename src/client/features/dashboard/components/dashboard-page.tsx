import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { DashboardResponse } from '../../../../lib/schemas/dashboard';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { dashboardGridsQueryOptions, dashboardQueryOptions } from '../api/dashboard-api';
import { DaysChart, PointsChart, SquaresChart } from './dashboard-charts';
import './dashboard.css';

const t = messages.dashboard;

/** The error's own text for a refusal or a missing card, the page's failure text otherwise. */
function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const known = error instanceof ApiError && [403, 404].includes(error.status);
  return (
    <div className="page-problem" role="alert">
      <p>{known ? error.message : t.loadFailed}</p>
      {known ? null : (
        <button type="button" className="button" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

function Figures({ data }: { data: DashboardResponse }) {
  const tiles: [string, number][] = [
    [t.participants, data.participants],
    [t.activeThisWeek, data.activeThisWeek],
    [t.newThisWeek, data.newThisWeek],
    [t.linesCompleted, data.linesCompleted],
    [t.readersWithLine, data.readersWithLine],
    [t.fullCards, data.fullCards],
  ];
  return (
    <dl className="stats dashboard-stats">
      {tiles.map(([label, value]) => (
        <div key={label} className="stats__item">
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}

function TopReaders({ data }: { data: DashboardResponse }) {
  return (
    <section aria-labelledby="dashboard-top-title">
      <h2 id="dashboard-top-title">{t.topTitle}</h2>
      <table className="dashboard-table">
        <thead>
          <tr>
            <th scope="col">{t.columnRank}</th>
            <th scope="col">{t.columnReader}</th>
            <th scope="col">{t.columnPoints}</th>
          </tr>
        </thead>
        <tbody>
          {data.topReaders.map((r) => (
            <tr key={r.userId}>
              <td>{r.rank}</td>
              <th scope="row">
                {r.username} {r.isYou ? t.you : null}
              </th>
              <td>{r.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Dashboard({ gridId }: { gridId: string }) {
  const dashboard = useQuery(dashboardQueryOptions(gridId));
  useDocumentTitle(dashboard.data ? t.title(dashboard.data.grid.title) : t.openDashboard);
  if (dashboard.isPending) return <Spinner label={t.loading} showLabel />;
  if (dashboard.isError) {
    return <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  }
  const data = dashboard.data;
  return (
    <>
      <h1>{t.title(data.grid.title)}</h1>
      {data.grid.club ? <p className="dashboard-club">{data.grid.club.name}</p> : null}
      <Figures data={data} />
      {data.participants === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <>
          <SquaresChart data={data} />
          <PointsChart data={data} />
          <DaysChart data={data} />
          <TopReaders data={data} />
        </>
      )}
    </>
  );
}

/** Without a card in the address: the current shared card (what the admin page links to). */
function CurrentSharedDashboard() {
  const grids = useQuery(dashboardGridsQueryOptions);
  if (grids.isPending) return <Spinner label={t.loading} showLabel />;
  if (grids.isError) {
    return <DashboardError error={grids.error} onRetry={() => void grids.refetch()} />;
  }
  const shared = grids.data.grids.filter((g) => g.club === null);
  const current = shared.find((g) => g.isCurrent) ?? shared[0];
  if (!current) return <p className="empty">{t.notFound}</p>;
  return <Dashboard gridId={current.id} />;
}

/**
 * Issue 24: a season's dashboard, for the shared card's admins and a club card's owners (the
 * server decides; others read its refusal). Each chart has its figures in a table beside it.
 */
export function DashboardPage() {
  const { gridId } = useParams();
  return (
    <div className="page dashboard">
      {gridId ? <Dashboard gridId={gridId} /> : <CurrentSharedDashboard />}
    </div>
  );
}
