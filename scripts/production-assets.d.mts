export declare const DEV_ONLY_ASSETS: string[];
export declare function copyProductionAssets(from?: string, to?: string): void;
