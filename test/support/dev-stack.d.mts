export interface DevStack {
  base: string;
  persistTo: string;
  output(): string;
  stop(): Promise<void>;
}
export declare function ensureDevVars(): void;
export declare function devAllowedOrigins(options: {
  port: number;
  env?: Record<string, string | undefined>;
  devVarsFile?: string;
}): string;
export declare function startDevStack(options?: {
  port?: number;
  persistTo?: string;
  vars?: Record<string, string>;
  inspectorPort?: number;
  stdio?: 'inherit' | 'pipe';
}): Promise<DevStack>;
