// Search (issue 43 §1): GET /evault/v1/search/ over the caller's files and folders, and
// GET /evault/v1/shared_with_me/?q=, through the generated client on each database.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";
import { everything } from "./helpers/vault.js";

const SEARCH = "/evault/v1/search/" as const;
/** A search's query: `q` and any filters. */
type Query = { q: string } & Record<string, unknown>;

describe.each(databases)("GET /evault/v1/search/ on $name", (backend) => {
  let h: Harness;
  let owner: SeededUser;
  let stranger: SeededUser;
  beforeAll(async () => {
    h = await startHarness(backend);
    [owner, stranger] = h.users;
  });
  afterAll(() => h?.stop());

  /** Every hit of a search, page by page, as `kind:name`. */
  const found = async (query: Query, user = owner) =>
    (await everything(h.client(user.api_key).paginate(SEARCH, query as never))).map(
      (hit) => `${hit.kind}:${hit.item.name}`,
    );
  const upload = async (name: string, body: Record<string, unknown> = {}) => {
    const { data, response } = await h.client().POST("/evault/v1/files/", {
      body: { file: new File([`${name} ${Math.random()}`], name), folder: owner.folder_id, ...body } as never,
    });
    expect(response.status).toBe(201);
    return data?.id ?? "";
  };
  const newFolder = async (name: string, body: Record<string, unknown> = {}) => {
    const { data, response } = await h.client().POST("/evault/v1/folders/", { body: { name, ...body } as never });
    expect(response.status).toBe(201);
    return data?.id ?? "";
  };

  test("when a word starts a word of a name, then the item is found with its view and the names above it", async () => {
    const { data, response } = await h.client().GET(SEARCH, { params: { query: { q: "spec" } } });
    expect(response.status).toBe(200);
    // spec.txt is an exact name (the name before its extension), then the rest by recency.
    expect(data?.results.map((hit) => `${hit.kind}:${hit.item.name}`)).toEqual([
      "file:spec.txt",
      ...(await found({ q: "spec" })).slice(1),
    ]);
    expect((await found({ q: "spec" })).sort()).toEqual(["file:spec-copy.txt", "file:spec.txt", "folder:Specs"]);
    const spec = data?.results[0];
    expect(spec?.path).toEqual(["Projects", "Alpha", "Specs"]);
    expect(spec?.kind === "file" && spec.item).toMatchObject({ name: "spec.txt", extension: "txt", is_deleted: false });
    const specs = data?.results.find((hit) => hit.kind === "folder");
    expect(specs?.path).toEqual(["Projects", "Alpha"]);
    expect(specs?.item).toMatchObject({ name: "Specs", path: "/Projects/Alpha/Specs" });
  });

  test("when the query differs in case and accents, or is a word's start, a description's word or a tag's name, then it still finds the item", async () => {
    await upload("Résumé.pdf");
    await upload("Q3 quarterly report.pdf", { description: "Figures for the landlord" });
    expect(await found({ q: "resume" })).toEqual(["file:Résumé.pdf"]);
    expect(await found({ q: "RÉSUMÉ" })).toEqual(["file:Résumé.pdf"]);
    expect(await found({ q: "quart" })).toEqual(["file:Q3 quarterly report.pdf"]);
    expect(await found({ q: "q3 REP" })).toEqual(["file:Q3 quarterly report.pdf"]);
    expect(await found({ q: "landlord" })).toEqual(["file:Q3 quarterly report.pdf"]);
    // "personal" is a tag of Documents; "uar" starts no word (and is too short to be close to one).
    expect(await found({ q: "personal" })).toEqual(["folder:Documents"]);
    expect(await found({ q: "uar" })).toEqual([]);
  });

  test("when a long word has a small typo, then the close item is found after every item that matches exactly", async () => {
    await newFolder("Holiday photos");
    await newFolder("Holliday plans");
    expect(await found({ q: "holliday" })).toEqual(["folder:Holliday plans", "folder:Holiday photos"]);
    expect(await found({ q: "photoes" })).toEqual(["folder:Holiday photos"]);
    expect(await found({ q: "quartely" })).toEqual(["file:Q3 quarterly report.pdf"]);
  });

  test("when names tie on a word, then an exact name comes first, then the most recently changed", async () => {
    const older = await newFolder("Budget plan");
    await newFolder("Budget");
    await newFolder("Old budget");
    expect(await found({ q: "budget" })).toEqual(["folder:Budget", "folder:Old budget", "folder:Budget plan"]);
    const changed = await h.client().PATCH("/evault/v1/favourite/folders/{id}/", {
      params: { path: { id: older } },
      body: { description: "changed last" },
    });
    expect(changed.response.status).toBe(200);
    expect(await found({ q: "budget" })).toEqual(["folder:Budget", "folder:Budget plan", "folder:Old budget"]);
  });

  test("when pages are followed one item at a time, then they visit the same hits in the same order once each", async () => {
    for (const name of ["Ledger 1", "Ledger 2", "Ledger 3", "Ledgers", "Ledge"]) await newFolder(name);
    const whole = await found({ q: "ledge", page_size: 200 });
    expect(whole).toHaveLength(5);
    expect(whole[0]).toBe("folder:Ledge");
    expect(await found({ q: "ledge", page_size: 1 })).toEqual(whole);
    const { data } = await h.client().GET(SEARCH, { params: { query: { q: "ledge", page_size: 2 } } });
    const cursor = new URL(data?.next ?? "").searchParams.get("cursor") ?? "";
    // The cursor belongs to this query and caller: another query or user answers 400 naming it.
    for (const [user, q] of [
      [owner, "ledger"],
      [stranger, "ledge"],
    ] as const) {
      const other = await h.client(user.api_key).GET(SEARCH, { params: { query: { q, cursor } } });
      expect(other.response.status).toBe(400);
      expect(JSON.stringify(other.error)).toContain("cursor");
    }
  });

  test("when filters are given, then each narrows the hits and they combine", async () => {
    expect((await found({ q: "logo" })).sort()).toEqual(["file:logo.png", "file:logo.png"]);
    expect(await found({ q: "logo", folder: owner.projects_folder_id })).toEqual(["file:logo.png"]);
    expect(await found({ q: "logo", content_type: "image/*" })).toHaveLength(2);
    expect(await found({ q: "logo", content_type: "image/png" })).toHaveLength(2);
    expect(await found({ q: "logo", content_type: "text/*" })).toEqual([]);
    expect(await found({ q: "spec", kind: "folder" })).toEqual(["folder:Specs"]);
    // No folder has a content type: folders by one are none (not a 500).
    expect(await found({ q: "spec", kind: "folder", content_type: "text/*" })).toEqual([]);
    expect((await found({ q: "spec", kind: "file" })).sort()).toEqual(["file:spec-copy.txt", "file:spec.txt"]);
    expect(await found({ q: "projects", shared: true })).toEqual(["folder:Projects"]);
    expect(await found({ q: "notes", shared: true })).toEqual(["file:notes.txt"]);
    expect(await found({ q: "notes", shared: false })).toEqual([]);
    expect(await found({ q: "documents", tags: ["personal"] })).toEqual(["folder:Documents"]);
    expect(await found({ q: "documents", tags: ["personal", "archive"] })).toEqual([]);
    const before = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await newFolder("Fresh ledger");
    expect(await found({ q: "ledger", modified_after: before })).toEqual(["folder:Fresh ledger"]);
    expect(await found({ q: "ledger", modified_before: before })).not.toContain("folder:Fresh ledger");
  });

  test("when items are in the bin, then only in_bin=true finds them, with what lies inside a binned folder", async () => {
    // old-draft.txt is binned; Old projects is binned with Drafts and draft.txt inside it.
    expect(await found({ q: "draft" })).toEqual([]);
    expect((await found({ q: "draft", in_bin: true })).sort()).toEqual([
      "file:draft.txt",
      "file:old-draft.txt",
      "folder:Drafts",
    ]);
    expect(await found({ q: "projects", in_bin: true })).toEqual(["folder:Old projects"]);
    const id = await upload("Binned invoice.txt");
    expect(await found({ q: "invoice" })).toEqual(["file:Binned invoice.txt"]);
    await h.client().DELETE("/evault/v1/files/{id}/", { params: { path: { id } } });
    expect(await found({ q: "invoice" })).toEqual([]);
    expect(await found({ q: "invoice", in_bin: true })).toEqual(["file:Binned invoice.txt"]);
  });

  test("when another user searches, or names the owner's folder, then nothing of the owner's is found (404 for the folder)", async () => {
    await upload("Owner secret plan.txt");
    expect(await found({ q: "secret" })).toEqual(["file:Owner secret plan.txt"]);
    expect(await found({ q: "secret" }, stranger)).toEqual([]);
    const stranger_logos = await everything(h.client(stranger.api_key).paginate(SEARCH, { q: "logo" }));
    const owner_logos = await everything(h.client().paginate(SEARCH, { q: "logo" }));
    expect(stranger_logos).toHaveLength(2);
    expect(stranger_logos.map((hit) => hit.item.id)).not.toContain(owner_logos[0]?.item.id);
    const foreign = await h.client(stranger.api_key).GET(SEARCH, {
      params: { query: { q: "logo", folder: owner.projects_folder_id } },
    });
    expect(foreign.response.status).toBe(404);
  });

  test("when the query holds SQL or LIKE syntax, or no word at all, then it matches only as words and never fails", async () => {
    for (const q of ["%", "_", "' or 1=1 --", "\\", "%' OR user_id <> 0 --", "(", "[[:alnum:]]"]) {
      const { response, data } = await h.client().GET(SEARCH, { params: { query: { q } } });
      expect(response.status, q).toBe(200);
      const names = data?.results.map((hit) => hit.item.name) ?? [];
      // "or", "1", "user_id", "alnum": words that may start no name here; nothing else is returned.
      expect(
        names.every((name) => /\b(or|1|user|id|0|alnum)/i.test(String(name))),
        `${q}: ${names}`,
      ).toBe(true);
    }
    const tooLong = await h.client().GET(SEARCH, { params: { query: { q: "x".repeat(201) } } });
    expect(tooLong.response.status).toBe(400);
    expect(JSON.stringify(tooLong.error)).toContain("q");
    const tooManyTags = await h.client().GET(SEARCH, {
      params: { query: { q: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } },
    });
    expect(tooManyTags.response.status).toBe(400);
    expect(JSON.stringify(tooManyTags.error)).toContain("tags");
  });
});

describe.each(databases)("GET /evault/v1/shared_with_me/?q= on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when q is given, then only the shares whose item's name matches are listed, an exact name first", async () => {
    const [owner, friend] = h.users;
    const share = (body: Record<string, unknown>) =>
      h.client().POST("/evault/v1/file_shares/", { body: { users: [friend.id], ...body } as never });
    await share({ folder: owner.projects_folder_id });
    await share({ file: owner.file_id });
    await share({ file: owner.projects_file_id });
    const listed = async (q: string) =>
      (await everything(h.client(friend.api_key).paginate("/evault/v1/shared_with_me/", { q, page_size: 1 }))).map(
        (item) => item.shared.name,
      );
    expect(await listed("plan")).toEqual(["plan.txt"]);
    expect(await listed("PROJ")).toEqual(["Projects"]);
    expect(await listed("notes")).toEqual(["notes.txt"]);
    expect(await listed("txt")).toEqual(["plan.txt", "notes.txt"]);
    expect(await listed("nothing")).toEqual([]);
    expect(
      (await everything(h.client(owner.api_key).paginate("/evault/v1/shared_with_me/", { q: "plan" }))).length,
    ).toBe(0);
  });
});
