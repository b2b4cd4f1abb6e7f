export declare const REQUIRED_VARS: string[];
export declare const REQUIRED_SECRETS: string[];
export declare const EXAMPLE_VALUES: Set<string>;
export declare const DEV_ONLY_VARS: string[];
export declare function deployProblems(input: {
  vars: Record<string, unknown>;
  secretNames: string[] | null;
  localSecrets?: Record<string, string>;
}): string[];
