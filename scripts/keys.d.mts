export declare function makeKey(options?: {
  id?: string;
  scope?: string;
  expires?: string;
  test?: boolean;
}): { key: string; entry: { key: string; scope: string; expires_at?: string } };
