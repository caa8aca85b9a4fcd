import './pwa.css';

/** The page shown when a route's code cannot be loaded even after one reload (spec §8). */
export function ChunkLoadErrorPage({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  return (
    <section className="chunk-error" role="alert" aria-labelledby="chunk-error-title">
      <h1 id="chunk-error-title">Loading chunk failed</h1>
      <p>This page could not be loaded. Check your connection and try again.</p>
      <button type="button" className="chunk-error__retry" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
