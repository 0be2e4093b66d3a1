// The webhook endpoints' operations and their deliveries (spec/src/webhooks.tsp).
import {
  type DeliveryView,
  getDelivery,
  listDeliveries,
  pingEndpoint,
  presentDelivery,
  retryDelivery,
} from "../../domain/webhooks/deliveries.js";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  presentWithSecret,
  rotateSecret,
  updateEndpoint,
} from "../../domain/webhooks/endpoints.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import type { RouteContext } from "./context.js";

type WithSecret = ReturnType<typeof presentWithSecret>;
type Delivery = ReturnType<typeof presentDelivery>;

/** A new endpoint, with its secret: 201. */
const endpointCreated = (body: WithSecret) => ({ status: 201, body }) as const;
/** An endpoint with its new secret: 200. */
const secretRotated = (body: WithSecret) => ({ status: 200, body }) as const;
/** A delivery queued (a ping, a retry): 202. */
const deliveryQueued = (body: Delivery) => ({ status: 202, body }) as const;

export function webhookEndpointRoutes({ db, config }: RouteContext) {
  const allowHosts = config.webhookAllowHosts;
  return {
    createWebhookEndpoint: {
      handle: async ({ userId, body, idempotency }) =>
        endpointCreated(await createEndpoint(db, userId, body, allowHosts, idempotency)),
      replay: ({ recorded }) => endpointCreated(presentWithSecret(recorded)),
    },
    listWebhookEndpoints: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listEndpoints(db, userId, pageRequest(query))),
      }),
    },
    getWebhookEndpoint: {
      handle: async ({ userId, path }) => ({ status: 200, body: await getEndpoint(db, userId, path.id) }),
    },
    updateWebhookEndpoint: {
      handle: async ({ userId, path, body }) => ({
        status: 200,
        body: await updateEndpoint(db, userId, path.id, body, allowHosts),
      }),
    },
    deleteWebhookEndpoint: {
      handle: async ({ userId, path }) => {
        await deleteEndpoint(db, userId, path.id);
        return { status: 204 };
      },
    },
    rotateWebhookEndpointSecret: {
      handle: async ({ userId, path, idempotency }) =>
        secretRotated(await rotateSecret(db, userId, path.id, idempotency)),
      replay: ({ recorded }) => secretRotated(presentWithSecret(recorded)),
    },
    testWebhookEndpoint: {
      handle: async ({ userId, path, idempotency }) =>
        deliveryQueued(await pingEndpoint(db, userId, path.id, idempotency)),
      replay: ({ recorded }) => deliveryQueued(presentDelivery(recorded as DeliveryView)),
    },
    listWebhookDeliveries: {
      handle: async ({ userId, path, query, url }) => ({
        status: 200,
        body: pageBody(url, await listDeliveries(db, userId, path.id, pageRequest(query))),
      }),
    },
    getWebhookDelivery: {
      handle: async ({ userId, path }) => ({
        status: 200,
        body: await getDelivery(db, userId, path.id, path.delivery_id),
      }),
    },
    retryWebhookDelivery: {
      handle: async ({ userId, path, idempotency }) =>
        deliveryQueued(await retryDelivery(db, userId, path.id, path.delivery_id, idempotency)),
      replay: ({ recorded }) => deliveryQueued(presentDelivery(recorded as DeliveryView)),
    },
  } satisfies Partial<Routes>;
}
