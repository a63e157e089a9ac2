// Moving a library between backends (issue 48): every plan with its revisions and tags, every
// catalog, lesson and comparison, with their ids, so that the copy can be checked row by row
// and run again without duplicating anything. Table-driven: one row of kTables per table.
#include "storedetail.h"

#include <charconv>
#include <unordered_map>

namespace costlab {

namespace {

/// How a column is read and bound: 64-bit integer, nullable integer, double, text.
enum class Col : std::uint8_t { Int, NullInt, Real, Text };

struct TableSpec {
    const char* name;
    const char* key; ///< the primary key's columns, for ON CONFLICT and ordering
    std::vector<std::pair<const char*, Col>> columns;
    bool identity; ///< an id the server generates: its sequence is moved past the copied ids
};

// In dependency order: a revision's scenario is copied before it. The autosave slots are
// each person's unsaved edits, not the library's content, and are not copied.
const std::vector<TableSpec>& tables()
{
    static const std::vector<TableSpec> t = {
        {"catalogs",
         "id",
         {{"id", Col::Text},
          {"name", Col::Text},
          {"read_only", Col::Int},
          {"json", Col::Text},
          {"modified", Col::Int}},
         false},
        {"scenarios",
         "id",
         {{"id", Col::Int},
          {"name", Col::Text},
          {"created", Col::Int},
          {"modified", Col::Int},
          {"catalog_id", Col::Text},
          {"deleted_at", Col::NullInt},
          {"current_revision", Col::NullInt},
          {"total_cost", Col::Real},
          {"currency", Col::Text},
          {"p_oom", Col::Real},
          {"gpu_hours", Col::Real}},
         true},
        {"revisions",
         "id",
         {{"id", Col::Int},
          {"scenario_id", Col::Int},
          {"created", Col::Int},
          {"total_cost", Col::Real},
          {"currency", Col::Text},
          {"p_oom", Col::Real},
          {"gpu_hours", Col::Real},
          {"message", Col::Text},
          {"saved_by", Col::Text},
          {"json", Col::Text}},
         true},
        {"tags",
         "scenario_id, kind, value",
         {{"scenario_id", Col::Int}, {"kind", Col::Text}, {"value", Col::Text}},
         false},
        {"lessons",
         "id",
         {{"id", Col::Text}, {"title", Col::Text}, {"json", Col::Text}, {"modified", Col::Int}},
         false},
        {"actuals",
         "id",
         {{"id", Col::Int},
          {"scenario_id", Col::Int},
          {"revision_id", Col::Int},
          {"taken_at", Col::Int},
          {"as_of", Col::Int},
          {"files", Col::Text},
          {"actual_to_date", Col::Real},
          {"planned_to_date", Col::Real},
          {"reforecast_p50", Col::Real},
          {"reforecast_p90", Col::Real},
          {"flags", Col::Int},
          {"json", Col::Text}},
         true},
    };
    return t;
}

/// One row as comparable text: each value with its kind, so that 1 and "1" differ. Reals
/// compare by their shortest round-trip text (the same double on both backends).
struct Row {
    std::string key;
    std::string canonical;
    std::vector<std::optional<std::string>> values; ///< as bound again (NULL = nullopt)
};

Row readRow(const Stmt& st, const TableSpec& t, int keyColumns)
{
    Row r;
    for (size_t c = 0; c < t.columns.size(); ++c) {
        const int i = static_cast<int>(c);
        std::optional<std::string> v;
        switch (t.columns[c].second) {
        case Col::Int:
            v = std::to_string(st.i64(i));
            break;
        case Col::NullInt:
            if (!st.isNull(i))
                v = std::to_string(st.i64(i));
            break;
        case Col::Real: {
            char buf[32];
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, st.real(i));
            v = ec == std::errc() ? std::string(buf, end) : std::string("?");
            break;
        }
        case Col::Text:
            v = st.text(i);
            break;
        }
        const std::string piece = v ? std::to_string(v->size()) + ":" + *v : std::string("N");
        if (i < keyColumns)
            r.key += piece + "|";
        r.canonical += piece + "|";
        r.values.push_back(std::move(v));
    }
    return r;
}

/// A row key ("2:12|") as people read it ("12").
std::string printableKey(const std::string& key)
{
    std::string out;
    size_t i = 0;
    while (i < key.size()) {
        const size_t colon = key.find(':', i);
        if (colon == std::string::npos)
            break;
        const size_t n = std::strtoull(key.c_str() + i, nullptr, 10);
        out += (out.empty() ? "" : ", ") + key.substr(colon + 1, n);
        i = colon + 1 + n + 1;
    }
    return out;
}

int keyColumnCount(const TableSpec& t)
{
    return static_cast<int>(std::count(t.key, t.key + std::strlen(t.key), ',')) + 1;
}

std::string selectSql(const TableSpec& t)
{
    std::string cols;
    for (const auto& [name, kind] : t.columns)
        cols += (cols.empty() ? "" : ", ") + std::string(name);
    return "SELECT " + cols + " FROM " + t.name + " ORDER BY " + t.key;
}

/// Reads every row of `t`; false (with `error`) on failure.
bool readTable(Db& db, const TableSpec& t, std::vector<Row>& rows, Status& error)
{
    Stmt st(db, selectSql(t));
    const int keys = keyColumnCount(t);
    int rc;
    while ((rc = st.step()) == SQLITE_ROW)
        rows.push_back(readRow(st, t, keys));
    if (rc != SQLITE_DONE) {
        error = st.error(std::string("Could not read the table ") + t.name);
        return false;
    }
    return true;
}

/// The highest id `t` ever handed out in `db`, deleted rows included (SQLite's
/// sqlite_sequence, PostgreSQL's identity sequence), so that a copy never gives a new row an
/// id the source once used: the UI and autosave slots may still hold it. 0 when none.
std::int64_t idHighWater(Db& db, const TableSpec& t)
{
    Stmt st(db, db.pg ? "SELECT coalesce(max(s.last_value), 0) FROM pg_sequences s WHERE "
                        "format('%I.%I', s.schemaname, s.sequencename) = "
                        "pg_get_serial_sequence(?, 'id')"
                      : "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = ?");
    st.bind(1, t.name);
    return st.step() == SQLITE_ROW ? st.i64(0) : 0;
}

/// Moves the target's id generator of `t` to at least `highWater` (never back).
Status raiseHighWater(Db& db, const TableSpec& t, std::int64_t highWater)
{
    const std::string name = t.name;
    if (db.pg) {
        Stmt st(db, "SELECT setval(pg_get_serial_sequence('" + name +
                        "', 'id'), GREATEST(?, (SELECT coalesce(max(id), 0) FROM " + name +
                        "), (SELECT coalesce(max(s.last_value), 0) FROM pg_sequences s WHERE "
                        "format('%I.%I', s.schemaname, s.sequencename) = "
                        "pg_get_serial_sequence('" +
                        name + "', 'id')), 1))");
        st.bind(1, highWater);
        return st.step() == SQLITE_ROW ? Status{} : st.error("renumbering " + name);
    }
    Stmt add(db, "INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS "
                 "(SELECT 1 FROM sqlite_sequence WHERE name = ?)");
    add.bind(1, name).bind(2, name);
    if (!add.exec())
        return add.error("renumbering " + name);
    Stmt up(db, "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?");
    up.bind(1, highWater).bind(2, name);
    return up.exec() ? Status{} : up.error("renumbering " + name);
}

/// One consistent view of the source for the whole copy: a library in use keeps changing,
/// and tables read at different moments could pair a revision with a plan that is gone.
class ReadSnapshot {
public:
    explicit ReadSnapshot(Db& db) : m_db(db)
    {
        const char* begin = db.pg ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN";
        Stmt st(db, begin);
        m_ok = st.exec();
        m_error = m_ok ? Status{} : st.error("Could not read the source library");
    }
    ~ReadSnapshot()
    {
        if (m_ok) {
            Stmt st(m_db, "COMMIT");
            st.exec();
        }
    }
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;
    const Status& status() const { return m_error; }

private:
    Db& m_db;
    bool m_ok = false;
    Status m_error;
};

} // namespace

Result<LibraryCopyReport> ScenarioStore::copyFrom(ScenarioStore& source)
{
    return guardedStore(*m_d, "Copying a library", [&]() -> Result<LibraryCopyReport> {
        using R = Result<LibraryCopyReport>;
        const std::string doing = "Could not copy the library " + source.path() + " into " + path();
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        if (Status e = source.m_d->readBlocked(doing); !e)
            return failure<R>(e);
        if (source.schemaVersion() != schemaVersion())
            return failure<R>(doing + ": the libraries have different schema versions (" +
                                  std::to_string(source.schemaVersion()) + " and " +
                                  std::to_string(schemaVersion()) +
                                  "); open both with the same Costlab first.",
                              StoreError::Invalid);
        if (source.path() == path())
            return failure<R>(doing + ": it is the same library.", StoreError::Invalid);
        if (m_d->isPg()) {
            // Only the owner keeps each revision's author (the server signs anyone else's
            // inserts as themselves, and the check below would then refuse every revision).
            Stmt owner(m_d->db, "SELECT costlab_is_owner('revisions'::regclass)");
            if (owner.step() != SQLITE_ROW || owner.text(0) != "t")
                return failure<R>(doing +
                                      ": copy into a team library as the role that owns it "
                                      "(the database role " +
                                      m_d->user +
                                      " does not), so that every revision keeps who saved it.",
                                  StoreError::ReadOnly);
        }
        ReadSnapshot snapshot(source.m_d->db);
        if (!snapshot.status())
            return failure<R>(amend(snapshot.status(), doing + ": "));
        Db& to = m_d->db;
        Transaction tx(to);
        if (!tx.begun())
            return failure<R>(sqlFailure(to, tx.rc(), doing));
        R r;
        for (const TableSpec& t : tables()) {
            std::vector<Row> rows;
            Status err;
            if (!readTable(source.m_d->db, t, rows, err))
                return failure<R>(amend(err, doing + ": "));
            std::string cols, marks;
            for (const auto& [name, kind] : t.columns) {
                cols += (cols.empty() ? "" : ", ") + std::string(name);
                marks += marks.empty() ? "?" : ", ?";
            }
            const std::string insert = "INSERT INTO " + std::string(t.name) + " (" + cols +
                                       ") VALUES (" + marks + ") ON CONFLICT (" + t.key +
                                       ") DO NOTHING";
            LibraryCopyReport::Table counts{t.name, static_cast<std::int64_t>(rows.size()), 0};
            for (const Row& row : rows) {
                Stmt ins(to, insert);
                for (size_t c = 0; c < row.values.size(); ++c) {
                    const int i = static_cast<int>(c) + 1;
                    if (!row.values[c])
                        ins.bindNull(i);
                    else if (t.columns[c].second == Col::Real)
                        ins.bind(i, pgDouble(*row.values[c])); // our own to_chars text
                    else if (t.columns[c].second == Col::Text)
                        ins.bind(i, *row.values[c]);
                    else
                        ins.bind(i, static_cast<std::int64_t>(
                                        std::strtoll(row.values[c]->c_str(), nullptr, 10)));
                }
                if (!ins.exec())
                    return failure<R>(
                        amend(ins.error(std::string("copying ") + t.name), doing + ": "));
                counts.copied += ins.changes();
            }
            // Verify: every source row is in the target, identical. A row of the same key
            // that differs is another library's data, reported, never overwritten.
            std::vector<Row> target;
            if (!readTable(to, t, target, err))
                return failure<R>(amend(err, doing + ": "));
            std::unordered_map<std::string, const std::string*> byKey;
            for (const Row& row : target)
                byKey.emplace(row.key, &row.canonical);
            for (const Row& row : rows) {
                const auto it = byKey.find(row.key);
                if (it == byKey.end() || *it->second != row.canonical)
                    return failure<R>(doing + ": the target already holds a different row of " +
                                          t.name + " with the same key (" + printableKey(row.key) +
                                          "); it was not overwritten and nothing was copied. "
                                          "Copy into an empty library, or into one copied from "
                                          "the same source.",
                                      StoreError::Conflict);
            }
            // Ids chosen by the source: the target's id generator moves past every id the
            // source ever used, deleted ones included.
            if (t.identity) {
                std::int64_t highWater = idHighWater(source.m_d->db, t);
                for (const Row& row : rows)
                    highWater = std::max(highWater, static_cast<std::int64_t>(std::strtoll(
                                                        row.values[0]->c_str(), nullptr, 10)));
                if (Status e = raiseHighWater(to, t, highWater); !e)
                    return failure<R>(amend(e, doing + ": "));
            }
            r.value.tables.push_back(counts);
        }
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(to, tx.rc(), doing));
        return r;
    });
}

} // namespace costlab
