export declare const DEFAULT_CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function ensureChromium(options?: { log?: (message: string) => void }): string;
