/** Figures for messages: "23,411", "50 MB", "73.3 MB". */

export const MB = 1024 * 1024;

export const count = (n: number): string => n.toLocaleString('en-US');

/** Rounded up, so a figure just over a limit never reads as the limit itself. */
export function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? `${mb} MB` : `${(Math.ceil(mb * 10) / 10).toFixed(1)} MB`;
}
