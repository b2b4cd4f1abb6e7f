// The known-answer vectors, imported as JSON by the sandbox tests (Vite resolves the import).
declare module '*/vectors/signing.json' {
  const vectors: {
    scheme: string;
    vectors: {
      name: string;
      secret: string;
      envelope: Record<string, unknown>;
      canonical: string;
      signature: string;
    }[];
  };
  export default vectors;
}
