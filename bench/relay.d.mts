// Types of relay.mjs, for the test suites that put a relay before a service.
import type { Socket } from "node:net";
export interface TcpRelay {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  loseNextAnswer(): void;
}
export function tcpRelay(target: URL, tap?: (client: Socket) => (chunk: Buffer) => void): Promise<TcpRelay>;
