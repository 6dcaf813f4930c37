/** `below`: value < n; `atMost`: value ≤ n; `atLeast`: value ≥ n. Exactly one is given. */
export type Limit = { below: number } | { atMost: number } | { atLeast: number };

export declare function target(label: string, value: number | null | undefined, limit: Limit, unit?: string, digits?: number): boolean;
export declare function check(label: string, met: boolean, shown?: string): boolean;
export declare function info(label: string, value: number | null | undefined, unit: string, digits: number, reason: string): void;
