import { useState } from 'react';
import type { PreviewAvailability } from '../state/previews';

import '../styles/preview.css';

/**
 * What the page frames. Same-origin content could reach into the page if it also ran scripts, so
 * `allow-same-origin` is given only to a server on another origin (WebContainer's always is).
 * `credentialless`: the page is cross-origin isolated (COEP require-corp), and a preview server
 * sends no CORP header; a credentialless frame loads it in a fresh, cookie-less context instead.
 */
function frameSandbox(url: string): string {
  const crossOrigin = new URL(url).origin !== globalThis.location?.origin;
  return crossOrigin ? 'allow-scripts allow-forms allow-same-origin' : 'allow-scripts allow-forms';
}

/** React passes an unknown attribute through as written; `credentialless` is not in its types yet. */
const CREDENTIALLESS = { credentialless: 'true' } as Record<string, string>;

/** The Preview region: the sandbox's server in a sandboxed frame, its address, a reload and a port picker. */
export function PreviewPanel({ availability }: { availability: PreviewAvailability }) {
  const [picked, setPicked] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);
  const servers = availability.available ? availability.servers : [];
  const server = servers.find((candidate) => candidate.port === picked) ?? servers[0];

  return (
    <section className="panel preview" aria-labelledby="preview-heading">
      <div className="panel-head">
        <h2 id="preview-heading" className="panel-title">
          Preview
        </h2>
        {servers.length > 1 && (
          <label className="preview-port">
            Port
            <select value={server?.port} onChange={(event) => setPicked(Number(event.target.value))}>
              {servers.map((candidate) => (
                <option key={candidate.port} value={candidate.port}>
                  {candidate.port}
                </option>
              ))}
            </select>
          </label>
        )}
        {server && (
          <button type="button" className="button" onClick={() => setReloads((count) => count + 1)}>
            Reload preview
          </button>
        )}
      </div>
      {!availability.available ? (
        <p className="empty">
          {availability.reason} (port {availability.ports.join(', ')})
        </p>
      ) : server ? (
        <>
          <p className="preview-url">
            <a href={server.url} target="_blank" rel="noopener noreferrer">
              {server.url}
            </a>
          </p>
          <iframe
            // A new key makes a new frame: a reload that works whatever the framed page did to its history.
            key={`${server.url}#${reloads}`}
            className="preview-frame"
            title="Preview"
            src={server.url}
            sandbox={frameSandbox(server.url)}
            referrerPolicy="no-referrer"
            {...CREDENTIALLESS}
          />
        </>
      ) : (
        <p className="empty">No server is running in the sandbox.</p>
      )}
    </section>
  );
}
