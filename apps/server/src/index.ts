export { type AppDeps, createApp } from "./app.js";
export { type Config, ConfigError, loadConfig } from "./config.js";
export { type Database, openDatabase } from "./data/database.js";
export { createDemoUser, type DemoUser, shareWithEachOther } from "./demo.js";
export { newLink } from "./domain/vault/share-links.js";
export { createLogger, type Logger } from "./logger.js";
export { type RunningServer, startServer } from "./server.js";
export type { BlobStore } from "./storage/blob-store.js";
export { openBlobStore } from "./storage/open-blob-store.js";
