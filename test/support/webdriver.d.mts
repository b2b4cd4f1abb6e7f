export declare const ELEMENT: 'element-6066-11e4-a52e-4f735466cecf';
export interface WebDriverServer {
  base: string;
  output(): string;
  stop(): Promise<void>;
}
export declare function startWebDriver(paths: {
  driver: string;
  xvfbRun: string;
}): Promise<WebDriverServer>;
export declare class WebDriverSession {
  readonly base: string;
  readonly id: string;
  constructor(base: string, id: string);
  static create(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession>;
  cmd(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<any>;
  navigate(url: string): Promise<null>;
  url(): Promise<string>;
  execute(body: string, args?: unknown[]): Promise<unknown>;
  click(element: string): Promise<null>;
  clear(element: string): Promise<null>;
  type(element: string, text: string): Promise<null>;
  screenshot(): Promise<Buffer>;
  windowHandles(): Promise<string[]>;
  windowHandle(): Promise<string>;
  switchToWindow(handle: string): Promise<null>;
  setWindowRect(width: number, height: number): Promise<unknown>;
  delete(): Promise<void>;
}
