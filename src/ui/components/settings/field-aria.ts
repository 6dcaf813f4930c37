/** What a Field hands its control: the id its label points at, and the ARIA wiring to its note and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

export const noteIdOf = (id: string): string => `${id}-note`;
export const errorIdOf = (id: string): string => `${id}-error`;

export function controlProps(id: string, error: string | undefined, note: string | undefined): ControlProps {
  const describedBy = [error ? errorIdOf(id) : null, note ? noteIdOf(id) : null].filter((part) => part !== null).join(' ');
  return { id, 'aria-describedby': describedBy || undefined, 'aria-invalid': Boolean(error) };
}
