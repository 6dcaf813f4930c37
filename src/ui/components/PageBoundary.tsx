import { Component, type ReactNode } from 'react';

/** IndexedDB's database of stored sessions (the worker's store opens it under this name). */
const SESSIONS_DATABASE = 'phasegate';

/**
 * The last line of defence: if the page itself fails to render, it says so and offers a reload,
 * or a reload without the stored sessions (one of which may be what fails), instead of a blank page.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const clearAndReload = () => {
      const request = indexedDB.deleteDatabase(SESSIONS_DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => location.reload();
    };
    return (
      <main className="page-failed" role="alert">
        <h1>Phasegate</h1>
        <p>The page could not be shown: {this.state.error}</p>
        <button type="button" className="button button--primary" onClick={() => location.reload()}>
          Reload
        </button>{' '}
        <button type="button" className="button" onClick={clearAndReload}>
          Delete stored sessions and reload
        </button>
      </main>
    );
  }
}
