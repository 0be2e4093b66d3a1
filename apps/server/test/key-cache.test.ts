import { describe, expect, test } from "vitest";
import { KeyCache } from "../src/domain/api-keys.js";

const later = () => Date.now() + 60_000;

describe("KeyCache", () => {
  test("when a key was found valid, then it is remembered until its time is up", () => {
    const cache = new KeyCache();
    cache.trust();
    cache.remember("a", 1, later(), cache.generation);
    cache.remember("b", 2, Date.now() - 1, cache.generation);
    expect(cache.userOf("a")).toBe(1);
    expect(cache.userOf("b")).toBeUndefined();
  });

  test("when a revocation is heard, then the key is forgotten, and a lookup that raced it is not stored", () => {
    const cache = new KeyCache();
    cache.trust();
    cache.remember("a", 1, later(), cache.generation);
    const raced = cache.generation;
    cache.forget("a");
    expect(cache.userOf("a")).toBeUndefined();
    cache.remember("a", 1, later(), raced);
    expect(cache.userOf("a")).toBeUndefined();
  });

  test("when revocations may be missed, then every key is forgotten and none remembered until trusted again", () => {
    const cache = new KeyCache();
    cache.remember("a", 1, later(), cache.generation);
    expect(cache.userOf("a")).toBeUndefined();
    cache.trust();
    cache.remember("a", 1, later(), cache.generation);
    cache.distrust();
    expect(cache.userOf("a")).toBeUndefined();
    cache.remember("b", 2, later(), cache.generation);
    expect(cache.userOf("b")).toBeUndefined();
  });
});
