/** The application root. The full shell (session, routes, sidebar) is built on top of this. */
export function App() {
  return (
    <main className="splash">
      <h1>GET Energy Portal</h1>
      <p>Utility bills and energy data, online and offline.</p>
    </main>
  );
}
