// Types of the bad-input corpus (test/fixtures/bad-input/*.json, imported through Vite).
interface BadInputCase {
  name: string;
  body?: string;
  body_base64?: string;
  json?: unknown;
  set?: Record<string, unknown>;
  unset?: string[];
  content_type?: string | null;
  signed?: boolean;
  method?: string;
  path?: string;
  merchant?: boolean;
  /** `session:<id>` or `payout:<reference>`: a well-formed id nobody issued (an empty object wakes). */
  touches?: string;
  expect?: { status?: number; code?: string };
}

interface BadInputFile {
  description: string;
  routes: string[];
  base?: Record<string, unknown>;
  expect?: { status?: number; code?: string };
  cases: BadInputCase[];
}

declare module '*/bad-input/json-syntax.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/hostile-shapes.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/content-types.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/sessions.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/attempts.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/otp.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/payouts.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/payment-links.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/callbacks.json' {
  const file: BadInputFile;
  export default file;
}
declare module '*/bad-input/paths.json' {
  const file: BadInputFile;
  export default file;
}
