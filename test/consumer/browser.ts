// A project without Node's types (a browser app, a strict bundler project):
// consumer.e2e.test.ts type-checks it with `types: []` against the packed client and runs
// `check` with a webhook delivery it signed with `secret`.
import { createVaultClient } from "@vault/client";
import { verifyWebhook, WebhookVerificationError } from "@vault/client/webhooks";

export interface Delivery {
  url: string;
  apiKey: string;
  secret: string;
  /** The delivery's body, byte by byte. */
  body: number[];
  headers: Record<string, string>;
}

export async function check(delivery: Delivery) {
  const vault = createVaultClient({ baseUrl: delivery.url, apiKey: delivery.apiKey });
  const folders = await vault.GET("/evault/v1/folders/");

  const bytes = new Uint8Array(delivery.body);
  const verified = verifyWebhook(bytes, delivery.headers, delivery.secret);

  // A space for the body's first byte (`{`): the text differs, and so must the signature.
  const changed = bytes.slice();
  changed[0] = 0x20;
  let tampered = "verified";
  try {
    verifyWebhook(changed, delivery.headers, delivery.secret);
  } catch (err) {
    tampered = err instanceof WebhookVerificationError ? "refused" : String(err);
  }
  return { folders: folders.response.status, verified: verified.type, tampered };
}
