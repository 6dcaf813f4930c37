/** How token counts and costs read on the page, in the CLI and in a budget's reason. */

/** A count with thousands separators: 182400 → "182,400". */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A compact count for the meter: 850 → "850", 12_400 → "12.4k", 128_000 → "128k", 1_047_576 → "1.05M". */
export function formatTokens(n: number): string {
  const value = Math.max(0, Math.round(n));
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${trimZeros((value / 1000).toFixed(value < 100_000 ? 1 : 0))}k`;
  return `${trimZeros((value / 1_000_000).toFixed(2))}M`;
}

/** US dollars: cents for a dollar or more, four decimals below (costs of single requests are small). */
export function formatUsd(amount: number): string {
  return amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
