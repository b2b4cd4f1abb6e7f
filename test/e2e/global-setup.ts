// Starts a fresh dev stack (proxy + sandbox, fresh state) for the end-to-end suite.
import type { TestProject } from 'vitest/node';
import { startDevStack } from '../support/dev-stack.mjs';

export default async function setup(project: TestProject) {
  const stack = await startDevStack({ port: 8797 });
  project.provide('baseUrl', stack.base);
  return async () => {
    await stack.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
