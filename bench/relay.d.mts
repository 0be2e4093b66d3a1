// Types of relay.mjs, for the test suites that put a relay before a service.
export interface TcpRelay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  loseNextAnswer(): void;
  connections(): number;
}
export function tcpRelay(target: URL, tap?: () => (chunk: Buffer) => void): Promise<TcpRelay>;
