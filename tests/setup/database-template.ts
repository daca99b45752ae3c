import type { TestProject } from "vitest/node";

import { createTemplateDatabase } from "../helpers/databases";
import { databaseTestFiles } from "./database-files";

/**
 * Global setup of the server projects: migrates the run's template database once
 * (SQLite, or PostgreSQL under TEST_DATABASE_URL) for openTestDatabase to copy per
 * test, and removes it when the run ends. Also hands the workers the list of files the
 * PostgreSQL pass runs, which the SQLite run checks each database it opens against.
 */
export default async function setup(project: TestProject) {
  const { template, dispose } = await createTemplateDatabase();
  project.provide("testDatabaseTemplate", template);
  // For the SQLite run's check that every file opening a test database also runs on PostgreSQL.
  project.provide("databaseTestFiles", databaseTestFiles());
  return dispose;
}
