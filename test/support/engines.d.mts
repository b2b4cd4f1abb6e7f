export type Engine = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: Engine[];
export declare const PACKAGES: Record<Engine, string[]>;
export declare function selectedEngines(value?: string): Engine[];
export declare function firefoxPath(): string;
export declare function webkitPaths(): { driver: string; browser: string; xvfbRun: string };
export declare function engineInstalled(engine: Engine): boolean;
export declare function enginesToRun(): Engine[];
export declare const firefoxPrefs: Record<string, string | number | boolean>;
export declare const miniBrowserArgs: string[];
export declare const noScript: {
  firefoxPrefs: Record<string, string | number | boolean>;
  miniBrowserArgs: string[];
};
export declare const chromiumArgs: string[];
export declare function chromiumPath(): string;
