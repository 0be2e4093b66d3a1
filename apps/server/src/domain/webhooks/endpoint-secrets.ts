// An endpoint's signing secret as the database keeps it: sealed with the root secret's
// webhook key. One context for every endpoint: a rotation moves the sealed value from
// `secret` to `previous_secret` in SQL.
import { type KeyRing, keyRing } from "../../secrets/key-ring.js";

const CONTEXT = "webhook endpoint secret";

export const sealEndpointSecret = (secret: string, ring: KeyRing = keyRing()) =>
  ring.seal("webhook-secret", secret, CONTEXT);

export const openEndpointSecret = (sealed: string, ring: KeyRing = keyRing()) =>
  ring.open("webhook-secret", sealed, CONTEXT);
