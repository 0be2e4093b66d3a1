// The events' operations (spec/src/events.tsp), and an event as the contract's Event.
import { type EventRow, getEvent, listEvents, type Presenters, presentEvent } from "../../domain/events.js";
import { recordedRestore } from "../../domain/vault/bins.js";
import { recordedShareEvent } from "../../domain/vault/file-shares.js";
import { presentVersion, type VersionRow } from "../../domain/vault/versions.js";
import { presentEndpoint } from "../../domain/webhooks/endpoints.js";
import { checkInstant } from "../body-checks.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { presentRecordedAccount } from "./bank-accounts.js";
import { type PublicConfig, type ResourceUrls, type RouteContext, resourceUrls } from "./context.js";
import { recordedFile } from "./files.js";
import { recordedFolder } from "./folders.js";

/** Per resource, its recorded view row as the contract's resource: an event's `data.object`. */
const eventPresenters = ({ contentLink, shareUrls }: ResourceUrls): Presenters => ({
  bank_account: presentRecordedAccount,
  file: (recorded) => recordedFile(recorded, contentLink).resource,
  folder: (recorded) => recordedFolder(recorded).resource,
  bin: (recorded, at) => recordedRestore(recorded, at),
  file_share: (recorded) => recordedShareEvent(recorded, shareUrls),
  file_version: (recorded) => presentVersion(recorded as VersionRow),
  webhook_endpoint: presentEndpoint,
});

/** An event row as the contract's Event, for the webhooks' deliveries. */
export function eventPresenter(config: PublicConfig) {
  const presenters = eventPresenters(resourceUrls(config.publicBaseUrl));
  return (row: EventRow) => presentEvent(row, presenters);
}

export function eventRoutes(context: RouteContext) {
  const { db } = context;
  const presenters = eventPresenters(context);
  return {
    listEvents: {
      handle: async ({ userId, query, url }) => {
        checkInstant(query?.created_after, "/query/created_after");
        const filters = {
          type: typeof query?.type === "string" ? [query.type] : query?.type,
          object: query?.object,
          createdAfter: query?.created_after === undefined ? undefined : new Date(query.created_after),
        };
        const page = await listEvents(db, userId, filters, pageRequest(query), presenters);
        return { status: 200, body: pageBody(url, page) };
      },
    },
    getEvent: {
      handle: async ({ userId, path }) => ({ status: 200, body: await getEvent(db, userId, path.id, presenters) }),
    },
  } satisfies Partial<Routes>;
}
