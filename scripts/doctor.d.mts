export declare function formatReport(
  report: {
    ok: boolean;
    mode: string;
    upstream: string;
    checks: {
      title: string;
      status: 'pass' | 'warn' | 'fail' | 'skip';
      found: string;
      cause?: string;
      fix?: string;
    }[];
  },
  base: string,
): string;
