/** Types of nginx.mjs, for the server's two-instance test (TypeScript). */
export declare const NGINX_SITE_TEMPLATE: string;
export declare function findNginx(): string | undefined;
export declare function renderSite(values: Record<string, string>): string;
export interface RunningNginx {
  /** The proxy's origin, ending in `/`. */
  url: string;
  /** What nginx wrote to stderr and its error log (failed upstreams, instances taken out). */
  errorLog(): string;
  stop(): Promise<void>;
}
export declare function startNginx(binary: string, port: number, instances: [string, string]): Promise<RunningNginx>;
