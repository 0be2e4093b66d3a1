// `@vault/client/webhooks`: verifying a webhook delivery. An entry of its own, so that the
// main entry depends on openapi-fetch alone; neither names Node's types (a browser app or
// an edge function type-checks them without @types/node).
import { WebhookVerificationError as SignatureError, Webhook } from "standardwebhooks";
import type { VaultEvent } from "./index.js";

/** A delivery that the secret did not sign: a changed body, another secret, a timestamp more than 5 minutes off. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/**
 * Verifies a webhook delivery with the endpoint's `secret` (`whsec_…`) as the Standard
 * Webhooks specification says (the `standardwebhooks` library): the signature over
 * `webhook-id`, `webhook-timestamp` and the raw `body` (a timestamp more than 5 minutes
 * off is refused). Answers the event, typed; throws `WebhookVerificationError` otherwise.
 * Pass the body exactly as received: its bytes (a `Uint8Array`, Node's `Buffer` is one)
 * or their text, not re-serialised JSON.
 */
export function verifyWebhook(
  body: Uint8Array | string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): VaultEvent {
  const single = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]),
  ) as Record<string, string>;
  // The library signs the body's text: bytes are read as UTF-8, a leading BOM kept, as it reads a Buffer.
  const text = typeof body === "string" ? body : new TextDecoder("utf-8", { ignoreBOM: true }).decode(body);
  try {
    return new Webhook(secret).verify(text, single) as VaultEvent;
  } catch (err) {
    if (err instanceof SignatureError) throw new WebhookVerificationError(err.message);
    throw err;
  }
}
