import { memo, useId, useState } from 'react';
import { previewOutput } from '../timeline/format';
import { type ArgPart, toolArgParts } from '../timeline/tool-args';

/** A code block shows this many lines until the viewer asks for all. */
const CODE_PREVIEW_LINES = 12;
const CODE_PREVIEW_CHARS = 1200;

/**
 * A tool call's arguments (`tool-args.ts`): fields, and a file's text as a code block labelled with
 * its language. Text nodes only, as everywhere the model's words are shown.
 */
export const ToolArgs = memo(function ToolArgs({ name, args, rawArguments }: { name: string; args: unknown; rawArguments: string }) {
  const parts = toolArgParts(name, args, rawArguments);
  return (
    <div className="tool-args" role="group" aria-label={`${name} arguments`}>
      {parts.map((part, index) => (
        <ArgView key={index} part={part} />
      ))}
    </div>
  );
});

function ArgView({ part }: { part: ArgPart }) {
  switch (part.kind) {
    case 'text':
      return <pre className="tool-args-text">{part.text}</pre>;
    case 'field':
      return (
        <p className="tool-arg">
          <span className="tool-arg-name">{part.name}</span> <code className="tool-arg-value">{part.value}</code>
        </p>
      );
    case 'code':
      return <CodeArg part={part} />;
  }
}

function CodeArg({ part }: { part: Extract<ArgPart, { kind: 'code' }> }) {
  const [expanded, setExpanded] = useState(false);
  const codeId = useId();
  const { preview, collapsible, hiddenLines } = previewOutput(part.text, CODE_PREVIEW_LINES, CODE_PREVIEW_CHARS);
  const more = hiddenLines > 0 ? `Show all (${hiddenLines} more ${hiddenLines === 1 ? 'line' : 'lines'})` : 'Show all';
  return (
    <figure className="tool-arg-code">
      <figcaption className="tool-arg-name">
        {part.label} <span className="tool-arg-language">{part.languageName}</span>
      </figcaption>
      {part.text === '' ? (
        <p className="tool-arg-empty">(empty)</p>
      ) : (
        <pre id={codeId} className="tool-arg-pre">
          <code data-language={part.language}>{expanded || !collapsible ? part.text : `${preview}\n…`}</code>
        </pre>
      )}
      {collapsible && (
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={codeId} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : more}
        </button>
      )}
    </figure>
  );
}
