/** The page shown when a route's code cannot be loaded even after one reload (spec §8). */
export function ChunkLoadErrorPage({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  return (
    <section className="empty-state" role="alert" aria-labelledby="chunk-error-title">
      <h1 id="chunk-error-title" className="empty-state__title">
        Loading chunk failed
      </h1>
      <p>This page could not be loaded. Check your connection and try again.</p>
      <button type="button" className="btn btn--accent" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
