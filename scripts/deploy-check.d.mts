export declare const REQUIRED_VARS: string[];
export declare const REQUIRED_SECRETS: string[];
export declare const MERCHANT_KEY_SECRETS: string[];
export declare const SECRET_NAMES: string[];
export declare const EXAMPLE_VALUES: Set<string>;
export declare const DEV_ONLY_VARS: string[];
export declare const PLACEHOLDER_DATABASE_ID: RegExp;
export declare function deployProblems(input: {
  vars: Record<string, unknown>;
  secretNames: string[] | null;
  localSecrets?: Record<string, string>;
  d1Databases?: { binding: string; database_id?: string }[];
}): string[];
