export interface DevStack {
  base: string;
  persistTo: string;
  /** The process group of wrangler and its workerd processes (wrangler's PID). */
  pgid: number;
  output(): string;
  stop(): Promise<void>;
}
export declare function ensureDevVars(): void;
export declare function devAllowedOrigins(options: {
  port: number;
  env?: Record<string, string | undefined>;
  devVarsFile?: string;
}): string;
export declare function devVarsValue(name: string, devVarsFile: string): string;
export declare function forwardToArg(argv: readonly string[]): string | null;
export declare function devWebhookTarget(options: {
  port: number;
  forwardTo?: string | null;
  env?: Record<string, string | undefined>;
  devVarsFile?: string;
}): { vars: Record<string, string>; banner: string[] };
export declare function startDevStack(options?: {
  port?: number;
  persistTo?: string;
  vars?: Record<string, string>;
  inspectorPort?: number;
  stdio?: 'inherit' | 'pipe';
  costCounters?: boolean;
}): Promise<DevStack>;
