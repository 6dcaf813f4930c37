import { useEffect, useState } from 'react';
import { messageOf } from '../../protocol/error-message';

/** Asks the engine worker for the default policy as JSON text. */
export type LoadDefaultPolicy = () => Promise<string>;

/** The default policy as a read-only reference, asked of the worker when Settings shows it. */
export function DefaultPolicy({ load }: { load: LoadDefaultPolicy }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (json) => live && setText(json),
      (error: unknown) => live && setText(`The defaults could not be loaded: ${messageOf(error)}`),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return (
    <details className="policy-defaults">
      <summary>Default policy (read-only)</summary>
      <pre tabIndex={0} aria-label="Default policy JSON">
        {text ?? 'Loading…'}
      </pre>
    </details>
  );
}
