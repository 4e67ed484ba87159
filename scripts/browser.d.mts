/** Types of browser.mjs, for the e2e harness (TypeScript). */
export declare const BROWSER_COMMANDS: string[];
export declare const INSTALL_HINT: string;
export declare function isExecutable(file: string): boolean;
export declare function playwrightChromium(): string | undefined;
export declare function findBrowser(options?: {
  env?: Record<string, string | undefined>;
  exists?: (file: string) => boolean;
  managed?: () => string | undefined;
}): { path: string; source: string } | { error: string; path?: undefined } | undefined;
export declare function installPlan(machine: {
  isRoot: boolean;
  isDebian: boolean;
  hasAptGet: boolean;
}): 'apt' | 'advise';
export declare function ensureBrowser(options?: {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  fail?: (line: string) => never;
}): string;
