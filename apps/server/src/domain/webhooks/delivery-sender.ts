// The sender of the delivery worker: tries one claimed delivery. It refuses a URL the
// server may not reach, signs the event as the Standard Webhooks specification says, POSTs
// it within the try's timeout, and answers the try's record for the keeper.
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";
import { Webhook } from "standardwebhooks";
import type { events } from "../../data/schema.js";
import { iso } from "../contract.js";
import type { ClaimedDelivery, FinishedTry } from "./deliveries.js";
import { openEndpointSecret } from "./endpoint-secrets.js";
import { checkedLookup, forbiddenAddress, hostOf, isAllowedHost } from "./endpoint-urls.js";

/** The most of an answer's body that is read (and dropped); a longer one closes the connection. */
const READ_LIMIT = 64 * 1024;

type EventRow = typeof events.$inferSelect;

interface Outcome {
  status_code: number | null;
  error: string | null;
  /** No answer came within the try's timeout. */
  timedOut?: boolean;
}

interface SenderOptions {
  /** The event as `GET /evault/v1/events/{id}/` answers it: the body sent. */
  present: (event: EventRow) => Promise<unknown>;
  allowHosts: string[];
  /** A try's timeout, and its timeout while its endpoint's breaker is open. */
  timeoutMs: number;
  breakerTimeoutMs: number;
  /** The most tries in flight at once (the claim bounds them; the agents' sockets follow). */
  maxInFlight: number;
}

/** What is sent in one try: the body, its signatures and when it was signed. */
interface Signed {
  body: string;
  signature: string;
  timestamp: Date;
}

export class DeliverySender {
  // The claim bounds what is in flight; an agent's bound counts per origin over every user, so one user's
  // hanging endpoints behind a shared origin (a relay) would hold the sockets another user's try waits for.
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: SenderOptions) {
    this.agents = {
      http: new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight }),
      https: new https.Agent({ keepAlive: true, maxSockets: options.maxInFlight }),
    };
  }

  /** Tries `delivery` and answers the try's record; undefined when `abort` cut it (not a try of the receiver's). */
  async attempt(delivery: ClaimedDelivery, abort: AbortSignal): Promise<FinishedTry | undefined> {
    const body = JSON.stringify(await this.options.present(delivery.event));
    const started = new Date();
    const { timedOut = false, ...outcome } = await this.send(delivery, body, abort);
    // Cut by the worker's stop: the lease ends and a worker tries again.
    if (abort.aborted) return undefined;
    return {
      id: delivery.id,
      attempt: { at: iso(started), duration_ms: Date.now() - started.getTime(), ...outcome },
      timedOut,
    };
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private send(delivery: ClaimedDelivery, body: string, abort: AbortSignal): Promise<Outcome> {
    const url = new URL(delivery.url);
    const allowed = isAllowedHost(url, this.options.allowHosts);
    const refused = refusalOf(url, allowed);
    if (refused) return Promise.resolve({ status_code: null, error: refused });
    const timestamp = new Date();
    let signature: string;
    try {
      signature = signatureOf(delivery, timestamp, body);
    } catch (err) {
      // A secret this server cannot open (sealed with a root key it does not hold) is a failed try, not a crash: it
      // is recorded and retried on schedule, when a server with the key may send it.
      return Promise.resolve({ status_code: null, error: `not signed: ${(err as Error).message}` });
    }
    const timeout = delivery.breaker_open ? this.options.breakerTimeoutMs : this.options.timeoutMs;
    return this.post(url, allowed, delivery.event.id, { body, signature, timestamp }, { abort, timeout });
  }

  /** POSTs `signed` to `url`: the outcome once answered, failed, or not answered within `timeout`. */
  private post(
    url: URL,
    allowed: boolean,
    eventId: string,
    signed: Signed,
    { abort, timeout }: { abort: AbortSignal; timeout: number },
  ): Promise<Outcome> {
    const secure = url.protocol === "https:";
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = (secure ? https : http).request(url, {
        method: "POST",
        agent: secure ? this.agents.https : this.agents.http,
        // A name is checked as it is resolved; an address was checked before (refusalOf).
        lookup: allowed ? undefined : checkedLookup,
        signal: abort,
        headers: {
          "content-type": "application/json",
          "user-agent": "vault-webhooks/1",
          "webhook-id": eventId,
          "webhook-timestamp": String(Math.floor(signed.timestamp.getTime() / 1000)),
          "webhook-signature": signed.signature,
        },
      });
      const timer = setTimeout(() => {
        req.destroy();
        settle({ status_code: null, error: `no answer within ${timeout / 1000} s`, timedOut: true });
      }, timeout);
      req.on("error", (err) => settle({ status_code: null, error: err.message }));
      req.on("response", (res) => readAnswer(res, settle));
      req.end(signed.body);
    });
  }
}

/** Why a try to `url` is refused before any connection (not https, or an address it may not reach), if it is. */
function refusalOf(url: URL, allowed: boolean): string | undefined {
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) return "refused: not an https URL";
  // A name is checked as it is resolved (checkedLookup); an address is never resolved.
  const literal = hostOf(url);
  const forbidden = !allowed && ipaddr.isValid(literal) ? forbiddenAddress(literal) : undefined;
  return forbidden ? `refused: ${forbidden}` : undefined;
}

/** The webhook-signature header: signed with the endpoint's secret, and its previous one while that still signs. */
function signatureOf(delivery: ClaimedDelivery, timestamp: Date, body: string): string {
  return [delivery.secret, delivery.previous_secret]
    .filter((secret): secret is string => secret !== null)
    .map((secret) => new Webhook(openEndpointSecret(secret)).sign(delivery.event.id, timestamp, body))
    .join(" ");
}

/** Settles with the answer's outcome once its body is read; a body over READ_LIMIT is not read to its end. */
function readAnswer(res: http.IncomingMessage, settle: (outcome: Outcome) => void): void {
  const status = res.statusCode ?? 0;
  const outcome = {
    status_code: status,
    error:
      status >= 200 && status < 300
        ? null
        : status >= 300 && status < 400
          ? `answered ${status}: redirects are not followed`
          : `answered ${status}`,
  };
  // The answer's body is not used: read a little of it (so the connection may serve the next try), no more.
  let read = 0;
  res.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > READ_LIMIT) {
      res.destroy();
      settle(outcome);
    }
  });
  res.on("end", () => settle(outcome));
  res.on("error", () => settle(outcome));
}
