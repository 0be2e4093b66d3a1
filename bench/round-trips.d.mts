// Types of round-trips.mjs, for the test suites that count round trips with it.
export interface RoundTripRelay {
  url: string;
  readonly roundTrips: number;
  close(): Promise<void>;
}
export function roundTripRelay(databaseUrl: string): Promise<RoundTripRelay>;
