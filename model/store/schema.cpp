// The library's schema and its migrations.
#include "storedetail.h"

namespace costlab::storedetail {

// Version 1 of the library. current_revision is deliberately not a foreign key (it would be
// circular with revisions.scenario_id); the store keeps it consistent inside each save's
// transaction. AUTOINCREMENT so that ids of emptied-trash rows are never reused (the UI and
// the autosave slot may still hold them).
// The current revision's figures are copied into `scenarios` so that list() reads one
// narrow table: reading them from `revisions` means walking past the multi-page JSON of
// every row (measured: 200 ms instead of ~15 ms for 10,000 scenarios). In `revisions` the
// JSON is the last column for the same reason.
const char* const kSchemaV1 = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE catalogs (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    read_only INTEGER NOT NULL DEFAULT 0,
    json      TEXT NOT NULL,
    modified  INTEGER NOT NULL
);
CREATE TABLE scenarios (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    name             TEXT NOT NULL,
    created          INTEGER NOT NULL,
    modified         INTEGER NOT NULL,
    catalog_id       TEXT NOT NULL DEFAULT 'default',
    deleted_at       INTEGER,
    current_revision INTEGER,
    total_cost       REAL NOT NULL DEFAULT 0,
    currency         TEXT NOT NULL DEFAULT 'USD',
    p_oom            REAL NOT NULL DEFAULT 0,
    gpu_hours        REAL NOT NULL DEFAULT 0
);
CREATE INDEX scenarios_name ON scenarios(name COLLATE NOCASE);
CREATE INDEX scenarios_modified ON scenarios(modified);
CREATE INDEX scenarios_total ON scenarios(total_cost);
CREATE INDEX scenarios_p_oom ON scenarios(p_oom);
CREATE TABLE revisions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    created     INTEGER NOT NULL,
    total_cost  REAL NOT NULL DEFAULT 0,
    currency    TEXT NOT NULL DEFAULT 'USD',
    p_oom       REAL NOT NULL DEFAULT 0,
    gpu_hours   REAL NOT NULL DEFAULT 0,
    message     TEXT NOT NULL DEFAULT '',
    json        TEXT NOT NULL
);
CREATE INDEX revisions_scenario ON revisions(scenario_id, id);
CREATE TABLE tags (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('project', 'batch', 'resource', 'free')),
    value       TEXT NOT NULL CHECK (value <> ''),
    PRIMARY KEY (scenario_id, kind, value)
) WITHOUT ROWID;
CREATE INDEX tags_kind_value ON tags(kind, value);
CREATE TABLE autosave (
    slot        INTEGER PRIMARY KEY CHECK (slot = 1),
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    json        TEXT NOT NULL,
    saved_at    INTEGER NOT NULL
);
)sql";

// Version 2 adds the workshop lessons a teacher keeps in the library (issue 16): the lesson
// file's text whole, validated by lessonFromJson() before it is stored, keyed by its id.
const char* const kSchemaV2 = R"sql(
CREATE TABLE lessons (
    id       TEXT PRIMARY KEY,
    title    TEXT NOT NULL,
    json     TEXT NOT NULL,
    modified INTEGER NOT NULL
);
)sql";

// Version 3 keeps plan-versus-actual comparisons beside their plan (issue 47): the plan's
// revision they were made against, when, the moment they compare at, the files read (names,
// formats and counts, never the bills themselves), a few figures for listing, and the
// comparison as costlab-cli actuals --json writes it. The plan file keeps what was planned.
const char* const kSchemaV3 = R"sql(
CREATE TABLE actuals (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    scenario_id     INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    revision_id     INTEGER NOT NULL,
    taken_at        INTEGER NOT NULL,
    as_of           INTEGER NOT NULL,
    files           TEXT NOT NULL,
    actual_to_date  REAL NOT NULL DEFAULT 0,
    planned_to_date REAL NOT NULL DEFAULT 0,
    reforecast_p50  REAL NOT NULL DEFAULT 0,
    reforecast_p90  REAL NOT NULL DEFAULT 0,
    flags           INTEGER NOT NULL DEFAULT 0,
    json            TEXT NOT NULL
);
CREATE INDEX actuals_scenario ON actuals(scenario_id, id);
)sql";

// Version 4 is the team library's (issue 48). Each revision names who saved it: the login
// name on a file, the database role on a server (set there by a trigger, not the client).
// The autosave slot belongs to one person: on a shared server one planner's unsaved edits
// must never be offered to another after a crash. A file library keeps the one slot, owner ''.
// SQLite cannot change a primary key in place, hence the copy.
const char* const kSchemaV4 = R"sql(
ALTER TABLE revisions ADD COLUMN saved_by TEXT NOT NULL DEFAULT '';
CREATE TABLE autosave_v4 (
    owner       TEXT PRIMARY KEY,
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    json        TEXT NOT NULL,
    saved_at    INTEGER NOT NULL
);
INSERT INTO autosave_v4 (owner, scenario_id, json, saved_at)
    SELECT '', scenario_id, json, saved_at FROM autosave;
DROP TABLE autosave;
ALTER TABLE autosave_v4 RENAME TO autosave;
)sql";

std::vector<const char*> schemaSteps()
{
    return {kSchemaV1, kSchemaV2, kSchemaV3, kSchemaV4};
}

namespace {

StoreMigration execMigration(int from, const char* sql)
{
    return {from, [sql](sqlite3* db) -> std::string {
                char* err = nullptr;
                if (sqlite3_exec(db, sql, nullptr, nullptr, &err) == SQLITE_OK)
                    return {};
                std::string m = err ? err : "unknown error";
                sqlite3_free(err);
                return m;
            }};
}

} // namespace

// Built-in migrations from version N to N+1. A new library is created at the latest
// version directly (createSchema runs every kSchemaV* in order), so it needs no backup.
std::vector<StoreMigration> builtinMigrations()
{
    return {execMigration(1, kSchemaV2), execMigration(2, kSchemaV3), execMigration(3, kSchemaV4)};
}

} // namespace costlab::storedetail
