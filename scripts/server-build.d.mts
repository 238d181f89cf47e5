// Types of scripts/server-build.mjs for the TypeScript that starts the compiled server
// (scripts/cluster-lib.ts, bench/lib/portal.ts, e2e/support/start-stack.ts, its test).
export declare const ROOT: string;
export declare const SERVER_DIST: string;
export declare function serverEntry(dist?: string): string;
export declare function serverArgs(dist?: string, nodeArgs?: string[]): string[];
export declare function buildServer(opts?: { dist?: string }): Promise<{ ms: number; bytes: number }>;
export declare function serverBuildIsStale(dist?: string): boolean;
export declare function ensureServerBuilt(): void;
