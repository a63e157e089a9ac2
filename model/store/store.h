// The scenario library: one SQLite database (C API) holding scenarios with their revision
// history, tags, price catalogs and one autosave slot (architecture.md "Persistence").
//
// Design notes
// - Durability: WAL journal, one BEGIN IMMEDIATE transaction per save, busy_timeout so a
//   second Costlab instance waits instead of failing, foreign keys on. A process killed in
//   the middle of a save leaves the previous revision intact (SQLite's atomic commit).
// - Schema version lives in `PRAGMA user_version`; migrations run in one transaction each,
//   after a copy of the database is taken with the online backup API to
//   `<path>.backup-v<N>-<timestamp>`.
// - Damage is survivable: a corrupt, truncated or non-SQLite file is moved aside to
//   `<path>.corrupt-<timestamp>` and a fresh library is created; a file or folder that can't
//   be written opens read-only. Both are reported in StoreStatus for the UI to show.
// - Errors come back as a Result/Status: a kind for code to act on (StoreError: read-only,
//   busy, disk full, damaged, not found…) and an English sentence for people; no caller
//   needs to read the sentence to decide. No function throws through this API and none
//   aborts.
// - Revisions store the full `.costlab.json` text (scenarioToJson) plus a few cached figures
//   so that listing 10,000 scenarios never re-evaluates the engine.
// - Times are milliseconds since the Unix epoch, UTC.
#pragma once

#include "scenario.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace costlab {

struct Estimate;

/// Why a library operation failed, for code that reacts differently to each (offer "save
/// to a file" when read-only, "try again" when busy). People read Result::error instead.
enum class StoreError : std::uint8_t {
    None,     ///< success
    NotOpen,  ///< no library is open
    ReadOnly, ///< the library is open read-only (or the file can't be written)
    NotFound, ///< no such scenario, revision or catalog
    Invalid,  ///< the input was rejected (empty name, bad JSON, unknown tag kind…)
    Conflict, ///< the change conflicts with existing data
    Busy,     ///< another connection held the lock too long
    Full,     ///< disk full or the library's size limit reached
    Damaged,  ///< the library file is damaged
    Io,       ///< the disk reported an error, or a file could not be opened
    Internal, ///< anything else (out of memory, an unexpected exception)
};
/// Stable id of a kind ("read_only", "busy", …) for logs and tests.
std::string_view toString(StoreError);

/// A value or an error. `value` is meaningful only when ok().
template <typename T> struct Result {
    T value{};
    std::string error; ///< "" on success; otherwise an English sentence naming the cause
    StoreError kind = StoreError::None; ///< None on success
    bool ok() const { return error.empty(); }
    explicit operator bool() const { return ok(); }
};

/// The result of an operation that returns nothing but may fail.
struct Done {};
using Status = Result<Done>;

/// A failed Status (or Result) of `kind` saying `message`.
template <typename T = Done> Result<T> storeFailure(StoreError kind, std::string message)
{
    Result<T> r;
    r.error = std::move(message);
    r.kind = kind;
    return r;
}

/// Current library schema version written by this build (PRAGMA user_version).
inline constexpr int kStoreSchemaVersion = 4;

/// One schema step `from` → `from + 1`. `apply` runs inside the migration's transaction and
/// returns "" or an error (the transaction is then rolled back and open() fails).
struct StoreMigration {
    int from = 0;
    std::function<std::string(sqlite3*)> apply;
};

struct StoreOptions {
    /// Open with SQLITE_OPEN_READONLY even when the file is writable (also used by tests to
    /// exercise the read-only path, since root ignores file permissions).
    bool read_only = false;
    /// Wait this long (ms) for another connection's write lock before failing with "busy".
    int busy_timeout_ms = 5000;
    /// Run `PRAGMA quick_check` at open: finds damage a first read misses (garbage pages).
    /// Costs time proportional to the file: ~0.35 s for 10,000 scenarios (85 MB).
    bool check_integrity = true;
    /// Move a damaged file aside and start a fresh library (false: open() just fails).
    bool recover_corrupt = true;
    /// synchronous=FULL (fsync on every commit: a save survives power loss). false uses
    /// NORMAL, which is still crash-consistent (benchmarks and bulk tools).
    bool durable_sync = true;
    /// Cap on the database size in pages (PRAGMA max_page_count); 0 = SQLite's default.
    /// Exists so tests can simulate a full disk (SQLITE_FULL).
    int max_page_count = 0;
    /// Take an automatic backup `<path>.backup-auto-<timestamp>` at open when the newest one
    /// is older than this many hours; 0 = never. Three automatic backups are kept.
    double auto_backup_hours = 0;
    /// Extra migrations appended to the built-in ones (tests; future versions). The target
    /// schema version becomes the highest `from + 1` among all migrations.
    std::vector<StoreMigration> extra_migrations;
};

/// Why a library is open read-only, for a UI that words it in its own language
/// (StoreStatus::read_only_reason is the English sentence).
enum class ReadOnlyCause : std::uint8_t {
    None,        ///< writable
    Requested,   ///< StoreOptions::read_only
    NotWritable, ///< the file or its folder can't be written
    Newer,       ///< written by a newer Costlab
    Standby,     ///< a team library's server is a read-only standby
    Role,        ///< the database role may read but not change (its grants); see user()
};

/// What happened at open, for a notice in the UI. `message` is an English summary ("" when
/// the library opened normally).
struct StoreStatus {
    bool created = false;   ///< a new, empty library was created
    bool read_only = false; ///< writes will fail; see read_only_reason
    std::string read_only_reason;
    ReadOnlyCause read_only_cause = ReadOnlyCause::None;
    bool recovered = false;       ///< a damaged file was moved aside
    std::string damaged_path;     ///< where the damaged file went
    std::string damage_detail;    ///< SQLite's diagnosis (quick_check text or error)
    std::string newest_backup;    ///< newest `<path>.backup-*` file, "" if none
    int migrated_from = 0;        ///< schema version before migration; 0 = none ran
    std::string migration_backup; ///< backup taken before migrating ("" on a team library,
                                  ///< whose server keeps its own backups)
    std::string auto_backup;      ///< automatic backup taken at this open, if any
    std::string message;
};

/// Figures cached with each revision so lists need no evaluation. Money in `currency`.
struct CachedFigures {
    double total_cost = 0;        ///< Estimate::total, in `currency`
    std::string currency = "USD"; ///< "USD" or "CNY"
    double p_oom = 0;             ///< Estimate::oom.probability, 0..1
    double gpu_hours = 0;         ///< Estimate::gpu_hours, GPU·h
};

/// Cached figures from an engine result and the scenario it was computed for. A plan the
/// engine refuses to price (Estimate::ok false: its catalog is missing, a layout is
/// impossible, an accelerator unknown — what costlab-cli refuses) gets total_cost and
/// gpu_hours kNotPriced, which lists show as "not priced", never as a partial total.
CachedFigures figuresFrom(const Estimate&, const Scenario&);
/// CachedFigures::total_cost / gpu_hours of a plan that is not priced.
inline constexpr double kNotPriced = -1;

enum class TagKind : std::uint8_t { Project, Batch, Resource, Free };
/// Stable id stored in the database: "project", "batch", "resource", "free".
std::string_view toString(TagKind);
std::optional<TagKind> tagKindFromString(std::string_view);

struct Tag {
    TagKind kind = TagKind::Free;
    std::string value;
    bool operator==(const Tag&) const = default;
};

enum class SortKey : std::uint8_t { Name, Modified, Total, POom };

struct ListFilter {
    std::string text;             ///< substring of the name or of any tag value ("" = all);
                                  ///< case-insensitive for ASCII letters only (SQLite LIKE)
    std::vector<Tag> tags;        ///< a scenario must carry every one of these
    bool include_trashed = false; ///< also list scenarios in the trash
    bool only_trashed = false;    ///< list the trash only
    SortKey sort = SortKey::Modified;
    bool descending = true;
    int limit = -1; ///< -1 = no limit
    int offset = 0;
};

struct ScenarioRow {
    std::int64_t id = 0;
    std::string name;
    std::int64_t created = 0;  ///< ms since epoch
    std::int64_t modified = 0; ///< ms since epoch, time of the newest revision / rename
    std::string catalog_id;
    std::int64_t deleted_at = 0; ///< 0 = not in the trash
    std::int64_t current_revision = 0;
    CachedFigures figures; ///< of the current revision
};

struct RevisionRow {
    std::int64_t id = 0;
    std::int64_t scenario_id = 0;
    std::int64_t created = 0; ///< ms since epoch
    std::string message;
    CachedFigures figures;
    /// Who saved it: the database role on a team library (set by the server), the login
    /// name on a file library; "" for revisions saved before schema version 4.
    std::string saved_by;
};

/// One changed parameter between two revisions. Texts are registry strings (getString):
/// numbers printed exactly, choice ids, catalog ids; "" when the parameter exists on one
/// side only (a phase added or removed).
struct ParamDiff {
    std::string id; ///< full parameter id ("rl#2.env_count") or "name", ...
    std::string old_text;
    std::string new_text;
    std::string unit; ///< ParamDef::unit, "" for unitless / text fields
};

struct CatalogRow {
    std::string id; ///< Catalog::id, what Scenario::catalog_id names
    std::string name;
    bool read_only = false;    ///< the shipped default catalog
    std::int64_t modified = 0; ///< ms since epoch
};

/// A workshop lesson kept in the library (issue 16).
struct LessonRow {
    std::string id;            ///< Lesson::id
    std::string title;         ///< English title
    std::int64_t modified = 0; ///< ms since epoch
};

/// A plan-versus-actual comparison kept beside its plan (issue 47, schema version 3).
struct ActualsRecord {
    std::int64_t id = 0;
    std::int64_t scenario_id = 0;
    std::int64_t revision_id = 0; ///< the plan's revision it was compared against
    std::int64_t taken_at = 0;    ///< ms since epoch
    std::int64_t as_of = 0;       ///< the moment compared at, Unix seconds
    std::string files;            ///< JSON array of the files read: name, format, count
    double actual_to_date = 0, planned_to_date = 0; ///< plan currency
    double reforecast_p50 = 0, reforecast_p90 = 0;  ///< whole plan, plan currency
    int flags = 0;
    std::string json; ///< the comparison as costlab-cli actuals --json writes it (actualsJson)
};

struct AutosaveEntry {
    std::int64_t scenario_id = 0; ///< library scenario the document belongs to; 0 = none
    std::int64_t saved_at = 0;    ///< ms since epoch
    std::string json;             ///< scenarioToJson text
};

/// What ScenarioStore::copyFrom copied: per table, the source's rows and how many of them
/// were new in the target (the rest were there already, identical).
struct LibraryCopyReport {
    struct Table {
        std::string name;
        std::int64_t rows = 0;   ///< rows in the source
        std::int64_t copied = 0; ///< of those, written now
    };
    std::vector<Table> tables;
};

/// Where the library keeps a plan read from a file (ScenarioStore::findPlan, issue 49).
struct PlanMatch {
    std::int64_t scenario_id = 0; ///< 0 = no live scenario holds the plan
    std::int64_t revision_id = 0; ///< the revision holding it
    bool current = false;         ///< revision_id is the scenario's current revision
};

/// Outcome of importing files: ids of accepted scenarios and one message per rejected file
/// ("path: reason; reason").
struct ImportReport {
    std::vector<std::int64_t> imported;
    std::vector<std::string> rejected;
    /// Files whose plan is already in the library unchanged (same name and the same plan as
    /// a scenario's current revision): not imported again. "file: already in the library as
    /// NAME" per file.
    std::vector<std::string> identical;
};

/// Result of checking a location before opening: SQLite needs the file writable and, for
/// WAL's -wal/-shm files, the folder too.
struct WritableCheck {
    bool exists = false;        ///< the file exists
    bool file_writable = false; ///< the file can be opened for writing (or doesn't exist)
    bool dir_writable = false;  ///< a file can be created in its folder
    std::string reason;         ///< English explanation when either is false
};

/// Probe `path` by actually opening the file and creating a scratch file in its folder
/// (access() lies for root and for special file systems such as /proc).
WritableCheck checkWritable(const std::string& path);

/// The scenario library. Not thread-safe: use one object per thread (SQLite connections are
/// cheap). Two objects, or two processes, may share one file.
class ScenarioStore {
public:
    ScenarioStore();
    ~ScenarioStore();
    ScenarioStore(const ScenarioStore&) = delete;
    ScenarioStore& operator=(const ScenarioStore&) = delete;

    /// Open or create the library at `path` (parent folder must exist). Returns "" or an
    /// error naming the path and the cause; damage and read-only fallbacks are not errors
    /// and are described in status(). Calling open() again closes the previous file first.
    Status open(const std::string& path, const StoreOptions& options = {});
    void close();
    bool isOpen() const;
    /// Plans can't be saved (see status().read_only_reason).
    bool isReadOnly() const;
    /// Price catalogs can be added, edited and deleted: as plans on a file library; on a team
    /// library as the role's grants on the catalogs allow, whether or not it may save plans.
    bool canChangeCatalogs() const;
    const StoreStatus& status() const;
    const std::string& path() const;
    /// Schema version of the open library (PRAGMA user_version).
    int schemaVersion() const;
    /// Who saves in this session (RevisionRow::saved_by): the database role on a team
    /// library, the login name on a file; "" when no library is open.
    const std::string& user() const;

    // ---- Scenarios -------------------------------------------------------------------
    /// New scenario with a first revision. Tags are seeded from the scenario: project,
    /// each phase's experiment_batch, and Scenario::tags (free). Returns the scenario id.
    Result<std::int64_t> create(const Scenario&, std::string_view message = {},
                                const CachedFigures& = {});
    /// Add a revision to `scenarioId` and make it current; updates the row's name and
    /// catalog from the scenario and adds (never removes) tags derived as in create().
    /// One transaction: on failure (disk full, read-only, busy) nothing changes, the
    /// error says why, and the caller still holds its Scenario. Returns the revision id.
    /// `baseRevision` is the revision the edits started from: when the scenario's current
    /// revision is another one (a save from another window or process since), nothing is
    /// written and the error is StoreError::Conflict — checked in the same transaction as
    /// the write, so two savers can never both pass it. 0 skips the check (imports, tools).
    Result<std::int64_t> saveRevision(std::int64_t scenarioId, const Scenario&,
                                      std::string_view message = {}, const CachedFigures& = {},
                                      std::int64_t baseRevision = 0);
    /// SQLite's PRAGMA data_version: a number that changes when another connection (another
    /// window or process) commits to the library, and not for this connection's own writes.
    /// Polled by the window to refresh lists and notice that the open plan moved on.
    Result<std::int64_t> dataVersion() const;
    /// Scenarios matching `filter`, with the cached figures of their current revision.
    /// Sorting by total compares raw numbers regardless of currency.
    Result<std::vector<ScenarioRow>> list(const ListFilter& filter = {}) const;
    /// Number of scenarios `filter` matches, ignoring limit/offset (for paging).
    Result<std::int64_t> count(const ListFilter& filter = {}) const;
    Result<ScenarioRow> scenario(std::int64_t scenarioId) const;
    /// The live scenario that already holds `plan` unchanged: one of the same name whose
    /// current revision, else one of its older revisions, equals it as the writer prints them
    /// (importFiles' rule for "already in the library"). The file format carries no library
    /// id, so a plan opened from a file is recognised by its content (issue 49: saving it
    /// made a second row). A current revision wins, then the most recently modified
    /// scenario, then the newest revision. scenario_id 0 when none holds it.
    Result<PlanMatch> findPlan(const Scenario& plan) const;
    /// Revisions of a scenario, newest first.
    Result<std::vector<RevisionRow>> revisions(std::int64_t scenarioId) const;
    /// Stored JSON text of a revision, unparsed (export, diagnostics).
    Result<std::string> revisionJson(std::int64_t revisionId) const;
    /// Parse a stored revision. A damaged or unparsable JSON text yields an error naming
    /// the revision and the first problems, never a crash.
    Result<Scenario> loadRevision(std::int64_t revisionId) const;
    /// The current revision of a scenario.
    Result<Scenario> loadCurrent(std::int64_t scenarioId) const;
    /// Add a new revision whose content equals revision `revisionId` (history is kept) and
    /// make it current. Returns the new revision id.
    Result<std::int64_t> restoreRevision(std::int64_t revisionId, std::string_view message = {});
    /// Parameters that differ between two revisions (may belong to different scenarios),
    /// in registry order, plus "name", "description", "project", "catalog_id", "tags",
    /// "currency" when those differ. Empty list = identical inputs.
    Result<std::vector<ParamDiff>> diffRevisions(std::int64_t a, std::int64_t b) const;
    /// The same comparison of two scenarios in memory (a stored revision against the open,
    /// unsaved plan: the "see both" of a save conflict).
    static std::vector<ParamDiff> diffScenarios(const Scenario& a, const Scenario& b);
    /// Copy a scenario's current revision (and its tags) into a new scenario named
    /// `newName` ("" = "<name> (copy)"). Returns the new scenario id.
    Result<std::int64_t> duplicate(std::int64_t scenarioId, std::string_view newName = {});
    /// Rename: updates the row and adds a revision with Scenario::name changed.
    Status rename(std::int64_t scenarioId, std::string_view newName);
    /// Move to / out of the trash. Trashed scenarios are hidden from list() by default.
    Status trash(std::int64_t scenarioId);
    Status restoreFromTrash(std::int64_t scenarioId);
    /// Delete every trashed scenario with its revisions and tags. Returns how many.
    Result<int> emptyTrash();

    // ---- Tags ------------------------------------------------------------------------
    /// Replace all tags of a scenario (duplicates dropped, empty values rejected).
    Status setTags(std::int64_t scenarioId, const std::vector<Tag>& tags);
    Result<std::vector<Tag>> tags(std::int64_t scenarioId) const;
    /// Distinct values of one tag kind over non-trashed scenarios, sorted (filter menus).
    Result<std::vector<std::string>> tagValues(TagKind kind) const;

    // ---- Catalogs --------------------------------------------------------------------
    /// Insert or refresh the shipped default catalog (read-only). The id comes from the
    /// catalog text (Catalog::id). Invalid JSON is rejected with catalogFromJson's errors.
    Result<std::string> seedDefaultCatalog(std::string_view json);
    /// Copy any catalog into a new editable one named `newName`; returns the new id (a
    /// slug of the name, made unique).
    Result<std::string> copyCatalog(std::string_view id, std::string_view newName);
    /// Replace an editable catalog's text. Rejects read-only catalogs and text that
    /// catalogFromJson refuses (all its messages joined). The stored id is forced to `id`.
    Status updateCatalog(std::string_view id, std::string_view json);
    /// Delete an editable catalog; scenarios naming it keep the id (the engine warns).
    Status deleteCatalog(std::string_view id);
    /// Recompute the cached figures of every scenario (trashed ones too) whose catalog is
    /// `catalogId`, on its current revision, after that catalog was edited or deleted, so
    /// the list never shows totals from old prices (issue 13). Older revisions keep the
    /// figures of their time. One transaction; returns how many scenarios were updated.
    Result<int> refreshFigures(std::string_view catalogId,
                               const std::function<CachedFigures(const Scenario&)>& figures);
    Result<std::vector<CatalogRow>> listCatalogs() const;
    Result<std::string> catalogJson(std::string_view id) const;

    // ---- Lessons (issue 16) -------------------------------------------------------------
    /// Keep a lesson file's text in the library under its id, replacing a lesson of the same
    /// id. Text that lessonFromJson() refuses is rejected (Invalid) with its first problems,
    /// so the library never holds a lesson that cannot be run. Returns the id.
    Result<std::string> saveLesson(std::string_view json);
    /// Every lesson, by title.
    Result<std::vector<LessonRow>> listLessons() const;
    /// The stored text of one lesson; NotFound when there is none with `id`.
    Result<std::string> lessonJson(std::string_view id) const;
    Status deleteLesson(std::string_view id);

    // ---- Plan versus actual (issue 47) ---------------------------------------------------
    /// Keep a comparison beside scenario `record.scenario_id` (its revision_id must be one of
    /// that scenario's revisions; NotFound otherwise). `json` must be a JSON object (Invalid
    /// otherwise). Returns the new id; taken_at is set to now.
    Result<std::int64_t> saveActuals(const ActualsRecord& record);
    /// The comparisons kept for a scenario, newest first, without their JSON.
    Result<std::vector<ActualsRecord>> listActuals(std::int64_t scenarioId) const;
    /// One comparison with its JSON; NotFound when there is none with `id`.
    Result<ActualsRecord> actuals(std::int64_t id) const;

    // ---- Autosave (one slot) ---------------------------------------------------------
    /// Overwrite the slot with the open document. scenarioId 0 = not yet in the library.
    Status writeAutosave(std::int64_t scenarioId, const Scenario&);
    /// The slot, or nullopt when empty.
    Result<std::optional<AutosaveEntry>> readAutosave() const;
    Status clearAutosave();

    // ---- Bulk ------------------------------------------------------------------------
    /// Import `.costlab.json` files; each is validated whole (scenarioFromJson) and either
    /// imported as a new scenario or reported with its reasons. `figures` (optional)
    /// computes the cached figures, e.g. by evaluating with the scenario's catalog.
    ImportReport importFiles(const std::vector<std::string>& paths,
                             const std::function<CachedFigures(const Scenario&)>& figures = {});
    /// Import the example scenarios once per library (remembered in the database, so a
    /// library whose user deleted the examples is not re-seeded). Empty report when done
    /// before.
    ImportReport seedExamples(const std::vector<std::string>& paths,
                              const std::function<CachedFigures(const Scenario&)>& figures = {});

    // ---- Moving a library (issue 48) --------------------------------------------------
    /// Copy every plan with its revisions and tags, every catalog, lesson and comparison of
    /// `source` into this library, keeping their ids, in one transaction. Run again, it
    /// copies nothing new (idempotent). Each table is then verified row by row against the
    /// source: a row of the same id that differs (another library's data) is a Conflict and
    /// nothing is written. Autosave slots are not copied. On a team library, run it as the
    /// library's owner so each revision keeps its author (others are signed by the server).
    Result<LibraryCopyReport> copyFrom(ScenarioStore& source);

    // ---- Maintenance -----------------------------------------------------------------
    /// `PRAGMA integrity_check` output: "ok" or SQLite's list of problems.
    Result<std::string> integrityCheck() const;
    /// Copy the whole database to `destPath` with the online backup API (consistent even
    /// while other connections write). Returns "" or an error.
    Status backupTo(const std::string& destPath) const;
    /// Replace the open library's content with a backup file (e.g. status().newest_backup
    /// after a recovery). The backup must be a sound Costlab library; the current content
    /// is first copied to `<path>.before-restore-<timestamp>` (returned in `value`). The
    /// copy runs in one SQLite transaction, so other connections see old or new, never a
    /// mix. On error nothing changed.
    Result<std::string> restoreLibraryFrom(const std::string& backupPath);

private:
    struct Impl;
    std::unique_ptr<Impl> m_d;
};

/// True when `location` names a team library on a PostgreSQL server (a `postgresql://` or
/// `postgres://` connection string) rather than a library file (issue 48).
bool isServerLibrary(std::string_view location);
/// `location` without a password (`postgresql://user:secret@host/db` →
/// `postgresql://user@host/db`, `?password=` dropped), for messages and remembered settings.
/// Passwords belong in the PostgreSQL password file (~/.pgpass) or a service file.
std::string redactedConnection(std::string_view location);

/// The CatalogSources::library lookup (catalogio.h) over `store`'s catalogs: the stored JSON
/// of the catalog with that id, nullopt when the library has none or is not open. The store
/// must outlive the returned function. Used by the editor, the library list, costlab-cli and
/// costlab-report alike, so all of them find a plan's catalog the same way.
std::function<std::optional<std::string>(std::string_view id)>
catalogLookup(const ScenarioStore& store);

/// How a command-line tool opens a library it was pointed at with --db: read-only and
/// without repair, so a report or estimate can never move a user's library aside.
inline StoreOptions inspectOnlyOptions()
{
    StoreOptions o;
    o.read_only = true;
    o.recover_corrupt = false;
    return o;
}

} // namespace costlab
