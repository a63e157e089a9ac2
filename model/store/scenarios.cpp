// The library's scenarios: create, revisions, list, rename, trash, tags.
#include "storedetail.h"

namespace costlab {

// ---- Scenarios ------------------------------------------------------------------------

Result<std::int64_t> ScenarioStore::create(const Scenario& s, std::string_view message,
                                           const CachedFigures& f)
{
    return guardedStore(*m_d, "Creating a scenario", [&]() -> Result<std::int64_t> {
        Result<std::int64_t> r;
        const std::string doing = "Could not add \"" + s.name + "\" to the library";
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<Result<std::int64_t>>(e);
        Db& db = m_d->db;
        std::string json = scenarioToJson(s);
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<Result<std::int64_t>>(sqlFailure(db, tx.rc(), doing));
        Stmt ins(db, "INSERT INTO scenarios (name, created, modified, catalog_id) "
                     "VALUES (?, ?, ?, ?) RETURNING id");
        ins.bind(1, s.name).bind(2, now).bind(3, now).bind(4, s.catalog_id);
        std::int64_t id = 0;
        if (!ins.insertReturningId(id))
            return failure<Result<std::int64_t>>(ins.error(doing));
        auto rev = m_d->insertRevision(id, json, message, f, now);
        if (!rev)
            return failure<Result<std::int64_t>>(amend(rev, doing + ": "));
        if (Status e = m_d->addTags(id, derivedTags(s)); !e)
            return failure<Result<std::int64_t>>(amend(e, doing + ": "));
        if (tx.commit() != SQLITE_OK)
            return failure<Result<std::int64_t>>(sqlFailure(db, tx.rc(), doing));
        r.value = id;
        return r;
    });
}

Result<std::int64_t> ScenarioStore::saveRevision(std::int64_t scenarioId, const Scenario& s,
                                                 std::string_view message, const CachedFigures& f,
                                                 std::int64_t baseRevision)
{
    return guardedStore(*m_d, "Saving a revision", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not save \"" + s.name + "\"";
        const std::string kept = " Nothing was changed in the library; your edits are "
                                 "still open.";
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        Db& db = m_d->db;
        std::string json = scenarioToJson(s);
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(amend(sqlFailure(db, tx.rc(), doing), "", "." + kept));
        if (!m_d->scenarioExists(scenarioId))
            return failure<R>(doing + ": scenario " + std::to_string(scenarioId) +
                                  " is not in the library (deleted from another window?).",
                              StoreError::NotFound);
        if (baseRevision > 0) {
            // Inside BEGIN IMMEDIATE: no other writer can move it between check and write.
            Stmt cur(db, "SELECT current_revision FROM scenarios WHERE id = ?");
            cur.bind(1, scenarioId);
            const std::int64_t current = cur.step() == SQLITE_ROW ? cur.i64(0) : 0;
            if (current != baseRevision)
                return failure<R>(doing + ": it was saved elsewhere (revision " +
                                      std::to_string(current) + ") after revision " +
                                      std::to_string(baseRevision) +
                                      ", which your edits started from." + kept,
                                  StoreError::Conflict);
        }
        Stmt up(db, "UPDATE scenarios SET name = ?, catalog_id = ? WHERE id = ?");
        up.bind(1, s.name).bind(2, s.catalog_id).bind(3, scenarioId);
        if (!up.exec())
            return failure<R>(amend(up.error(doing), "", "." + kept));
        auto rev = m_d->insertRevision(scenarioId, json, message, f, now);
        if (!rev)
            return failure<R>(amend(rev, doing + ": ", "." + kept));
        if (Status e = m_d->addTags(scenarioId, derivedTags(s)); !e)
            return failure<R>(amend(e, doing + ": ", "." + kept));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(amend(sqlFailure(db, tx.rc(), doing), "", "." + kept));
        return rev;
    });
}

namespace {

// WHERE clause and its bound values for list()/count(). Only fixed SQL text is concatenated;
// every user value goes through a '?' placeholder.
struct Where {
    std::string sql;
    std::vector<std::string> values;
};

Where buildWhere(const ListFilter& f)
{
    Where w;
    w.sql = " WHERE TRUE";
    if (f.only_trashed)
        w.sql += " AND s.deleted_at IS NOT NULL";
    else if (!f.include_trashed)
        w.sql += " AND s.deleted_at IS NULL";
    if (!f.text.empty()) {
        w.sql += " AND (s.name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM tags t "
                 "WHERE t.scenario_id = s.id AND t.value LIKE ? ESCAPE '\\'))";
        w.values.push_back(likePattern(f.text));
        w.values.push_back(likePattern(f.text));
    }
    for (const Tag& t : f.tags) {
        w.sql += " AND EXISTS (SELECT 1 FROM tags t WHERE t.scenario_id = s.id "
                 "AND t.kind = ? AND t.value = ?)";
        w.values.emplace_back(toString(t.kind));
        w.values.push_back(t.value);
    }
    return w;
}

} // namespace

Result<std::vector<ScenarioRow>> ScenarioStore::list(const ListFilter& f) const
{
    return guardedStore(*m_d, "Listing the library", [&]() -> Result<std::vector<ScenarioRow>> {
        using R = Result<std::vector<ScenarioRow>>;
        if (Status e = m_d->readBlocked("Could not list the library"); !e)
            return failure<R>(e);
        Where w = buildWhere(f);
        std::string order;
        switch (f.sort) {
        case SortKey::Name:
            order = m_d->caseless("s.name");
            break;
        case SortKey::Modified:
            order = "s.modified";
            break;
        case SortKey::Total:
            order = "s.total_cost";
            break;
        case SortKey::POom:
            order = "s.p_oom";
            break;
        }
        const char* dir = f.descending ? " DESC" : " ASC";
        std::string sql = "SELECT s.id, s.name, s.created, s.modified, s.catalog_id, s.deleted_at, "
                          "s.current_revision, s.total_cost, s.currency, s.p_oom, s.gpu_hours "
                          "FROM scenarios s" +
                          w.sql + " ORDER BY " + order + dir + ", s.id" + dir + " LIMIT ? OFFSET ?";
        Stmt st(m_d->db, sql);
        int i = 1;
        for (const auto& v : w.values)
            st.bind(i++, v);
        // No limit: SQLite takes -1, PostgreSQL NULL (LIMIT ALL).
        if (f.limit < 0 && m_d->isPg())
            st.bindNull(i++);
        else
            st.bind(i++, static_cast<std::int64_t>(f.limit < 0 ? -1 : f.limit));
        st.bind(i++, static_cast<std::int64_t>(std::max(0, f.offset)));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            ScenarioRow row;
            row.id = st.i64(0);
            row.name = st.text(1);
            row.created = st.i64(2);
            row.modified = st.i64(3);
            row.catalog_id = st.text(4);
            row.deleted_at = st.isNull(5) ? 0 : st.i64(5);
            row.current_revision = st.isNull(6) ? 0 : st.i64(6);
            row.figures.total_cost = st.real(7);
            row.figures.currency = st.text(8);
            row.figures.p_oom = st.real(9);
            row.figures.gpu_hours = st.real(10);
            r.value.push_back(std::move(row));
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list the library"));
        return r;
    });
}

Result<std::int64_t> ScenarioStore::count(const ListFilter& f) const
{
    return guardedStore(*m_d, "Counting scenarios", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        if (Status e = m_d->readBlocked("Could not count scenarios"); !e)
            return failure<R>(e);
        Where w = buildWhere(f);
        Stmt st(m_d->db, "SELECT count(*) FROM scenarios s" + w.sql);
        int i = 1;
        for (const auto& v : w.values)
            st.bind(i++, v);
        if (st.step() != SQLITE_ROW)
            return failure<R>(st.error("Could not count scenarios"));
        R r;
        r.value = st.i64(0);
        return r;
    });
}

Result<ScenarioRow> ScenarioStore::scenario(std::int64_t scenarioId) const
{
    return guardedStore(*m_d, "Reading a scenario", [&]() -> Result<ScenarioRow> {
        using R = Result<ScenarioRow>;
        if (Status e = m_d->readBlocked("Could not read the scenario"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT s.id, s.name, s.created, s.modified, s.catalog_id, s.deleted_at, "
                         "s.current_revision, s.total_cost, s.currency, s.p_oom, s.gpu_hours "
                         "FROM scenarios s WHERE s.id = ?");
        st.bind(1, scenarioId);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("Scenario " + std::to_string(scenarioId) + " is not in the library.",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the scenario"));
        R r;
        r.value.id = st.i64(0);
        r.value.name = st.text(1);
        r.value.created = st.i64(2);
        r.value.modified = st.i64(3);
        r.value.catalog_id = st.text(4);
        r.value.deleted_at = st.isNull(5) ? 0 : st.i64(5);
        r.value.current_revision = st.isNull(6) ? 0 : st.i64(6);
        r.value.figures.total_cost = st.real(7);
        r.value.figures.currency = st.text(8);
        r.value.figures.p_oom = st.real(9);
        r.value.figures.gpu_hours = st.real(10);
        return r;
    });
}

Result<PlanMatch> ScenarioStore::findPlan(const Scenario& plan) const
{
    return guardedStore(*m_d, "Looking for a plan", [&]() -> Result<PlanMatch> {
        using R = Result<PlanMatch>;
        const std::string doing = "Could not look for \"" + plan.name + "\" in the library";
        if (Status e = m_d->readBlocked(doing); !e)
            return failure<R>(e);
        const std::string text = scenarioToJson(plan);
        // Only scenarios of that name (indexed): older revisions of a plan renamed since are
        // not looked at.
        Stmt st(m_d->db, "SELECT s.id, r.id, s.current_revision, r.json FROM scenarios s "
                         "JOIN revisions r ON r.scenario_id = s.id "
                         "WHERE s.name = ? AND s.deleted_at IS NULL "
                         "ORDER BY CASE WHEN r.id = s.current_revision THEN 0 ELSE 1 END, "
                         "s.modified DESC, s.id DESC, r.id DESC");
        st.bind(1, plan.name);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            const std::string stored = st.text(3);
            bool same = stored == text;
            if (!same) { // written by another version of the writer: compare as printed now
                const LoadResult lr = scenarioFromJson(stored);
                same = lr.scenario && scenarioToJson(*lr.scenario) == text;
            }
            if (same) {
                r.value.scenario_id = st.i64(0);
                r.value.revision_id = st.i64(1);
                r.value.current = !st.isNull(2) && st.i64(2) == r.value.revision_id;
                return r;
            }
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error(doing));
        return r;
    });
}

Result<std::vector<RevisionRow>> ScenarioStore::revisions(std::int64_t scenarioId) const
{
    return guardedStore(*m_d, "Listing revisions", [&]() -> Result<std::vector<RevisionRow>> {
        using R = Result<std::vector<RevisionRow>>;
        if (Status e = m_d->readBlocked("Could not list revisions"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT id, scenario_id, created, message, total_cost, currency, "
                         "p_oom, gpu_hours, saved_by FROM revisions WHERE scenario_id = ? "
                         "ORDER BY id DESC");
        st.bind(1, scenarioId);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            RevisionRow row;
            row.id = st.i64(0);
            row.scenario_id = st.i64(1);
            row.created = st.i64(2);
            row.message = st.text(3);
            row.figures.total_cost = st.real(4);
            row.figures.currency = st.text(5);
            row.figures.p_oom = st.real(6);
            row.figures.gpu_hours = st.real(7);
            row.saved_by = st.text(8);
            r.value.push_back(std::move(row));
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list revisions"));
        return r;
    });
}

Result<std::string> ScenarioStore::revisionJson(std::int64_t revisionId) const
{
    return guardedStore(*m_d, "Reading a revision", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (Status e = m_d->readBlocked("Could not read the revision"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT json FROM revisions WHERE id = ?");
        st.bind(1, revisionId);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("Revision " + std::to_string(revisionId) + " is not in the library.",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read revision " + std::to_string(revisionId)));
        R r;
        r.value = st.text(0);
        return r;
    });
}

Result<Scenario> ScenarioStore::loadRevision(std::int64_t revisionId) const
{
    return guardedStore(*m_d, "Loading a revision", [&]() -> Result<Scenario> {
        using R = Result<Scenario>;
        auto text = revisionJson(revisionId);
        if (!text)
            return failure<R>(text.error);
        LoadResult lr = scenarioFromJson(text.value);
        if (!lr.scenario || !lr.errors.empty())
            return failure<R>("Revision " + std::to_string(revisionId) +
                                  " is damaged and can't be loaded: " + joinErrors(lr.errors),
                              StoreError::Damaged);
        R r;
        r.value = std::move(*lr.scenario);
        return r;
    });
}

Result<Scenario> ScenarioStore::loadCurrent(std::int64_t scenarioId) const
{
    auto row = scenario(scenarioId);
    if (!row)
        return failure<Result<Scenario>>(amend(row, ""));
    if (row.value.current_revision == 0)
        return failure<Result<Scenario>>(
            "Scenario " + std::to_string(scenarioId) + " has no revision.", StoreError::NotFound);
    return loadRevision(row.value.current_revision);
}

Result<std::int64_t> ScenarioStore::restoreRevision(std::int64_t revisionId,
                                                    std::string_view message)
{
    return guardedStore(*m_d, "Restoring a revision", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not restore revision " + std::to_string(revisionId);
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        Db& db = m_d->db;
        // Parse first: restoring a damaged revision would make a damaged current revision.
        auto sc = loadRevision(revisionId);
        if (!sc)
            return failure<R>(amend(sc, doing + ": "));
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        Stmt st(db, "SELECT scenario_id, json, total_cost, currency, p_oom, gpu_hours "
                    "FROM revisions WHERE id = ?");
        st.bind(1, revisionId);
        if (st.step() != SQLITE_ROW)
            return failure<R>(doing + ": it is no longer in the library.", StoreError::NotFound);
        std::int64_t sid = st.i64(0);
        std::string json = st.text(1);
        CachedFigures f{st.real(2), st.text(3), st.real(4), st.real(5)};
        std::string msg = message.empty() ? "Restored revision " + std::to_string(revisionId)
                                          : std::string(message);
        Stmt up(db, "UPDATE scenarios SET name = ?, catalog_id = ? WHERE id = ?");
        up.bind(1, sc.value.name).bind(2, sc.value.catalog_id).bind(3, sid);
        if (!up.exec())
            return failure<R>(up.error(doing));
        auto rev = m_d->insertRevision(sid, json, msg, f, nowMs());
        if (!rev)
            return failure<R>(amend(rev, doing + ": "));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        return rev;
    });
}

Result<std::vector<ParamDiff>> ScenarioStore::diffRevisions(std::int64_t a, std::int64_t b) const
{
    return guardedStore(*m_d, "Comparing revisions", [&]() -> Result<std::vector<ParamDiff>> {
        using R = Result<std::vector<ParamDiff>>;
        auto sa = loadRevision(a);
        if (!sa)
            return failure<R>(sa.error);
        auto sb = loadRevision(b);
        if (!sb)
            return failure<R>(sb.error);
        R r;
        r.value = diffScenarios(sa.value, sb.value);
        return r;
    });
}

std::vector<ParamDiff> ScenarioStore::diffScenarios(const Scenario& a, const Scenario& b)
{
    struct Val {
        std::string text, unit;
    };
    auto collect = [](const Scenario& s, std::vector<std::string>& order,
                      std::map<std::string, Val>& out) {
        for (const ParamRef& ref : boundParameters(s)) {
            std::string id = fullId(s, ref);
            if (out.count(id))
                continue;
            order.push_back(id);
            out[id] = Val{getString(s, ref), std::string(ref.def->unit)};
        }
    };
    std::vector<std::string> orderA, orderB;
    std::map<std::string, Val> va, vb;
    collect(a, orderA, va);
    collect(b, orderB, vb);
    std::vector<ParamDiff> r;
    // Fields the registry does not describe, compared as text.
    auto joinTags = [](const std::vector<std::string>& t) { return joinStrings(t, ", ", 1000); };
    const std::pair<std::string, std::pair<std::string, std::string>> extra[] = {
        {"name", {a.name, b.name}},
        {"description", {a.description, b.description}},
        {"project", {a.project, b.project}},
        {"catalog_id", {a.catalog_id, b.catalog_id}},
        {"tags", {joinTags(a.tags), joinTags(b.tags)}},
        {"currency", {currencyId(a.currency), currencyId(b.currency)}},
    };
    for (const auto& [id, vals] : extra)
        if (!va.count(id) && !vb.count(id) && vals.first != vals.second)
            r.push_back({id, vals.first, vals.second, {}});
    for (const std::string& id : orderA) {
        const Val& x = va[id];
        auto it = vb.find(id);
        if (it == vb.end())
            r.push_back({id, x.text, {}, x.unit});
        else if (it->second.text != x.text)
            r.push_back({id, x.text, it->second.text, x.unit});
    }
    for (const std::string& id : orderB)
        if (!va.count(id))
            r.push_back({id, {}, vb[id].text, vb[id].unit});
    return r;
}

Result<std::int64_t> ScenarioStore::dataVersion() const
{
    return guardedStore(*m_d, "Checking the library for changes", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        if (Status e = m_d->readBlocked("Could not check the library for changes"); !e)
            return failure<R>(e);
        R r;
        if (m_d->isPg()) {
            // Other sessions' commits arrive as notifications (the schema's triggers).
            if (pq().PQstatus(m_d->db.pg) != CONNECTION_OK)
                return failure<R>("Could not check the library for changes: the library "
                                  "server can't be reached (offline).",
                                  StoreError::Io);
            m_d->drainNotices();
            r.value = m_d->pgNotices;
            return r;
        }
        Stmt st(m_d->db, "PRAGMA data_version");
        if (st.step() != SQLITE_ROW)
            return failure<R>(st.error("Could not check the library for changes"));
        r.value = st.i64(0);
        return r;
    });
}

Result<std::int64_t> ScenarioStore::duplicate(std::int64_t scenarioId, std::string_view newName)
{
    return guardedStore(*m_d, "Duplicating a scenario", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not duplicate scenario " + std::to_string(scenarioId);
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        auto row = scenario(scenarioId);
        if (!row)
            return failure<R>(amend(row, doing + ": "));
        auto sc = loadRevision(row.value.current_revision);
        if (!sc)
            return failure<R>(amend(sc, doing + ": "));
        auto tg = tags(scenarioId);
        if (!tg)
            return failure<R>(amend(tg, doing + ": "));
        Scenario copy = std::move(sc.value);
        copy.name = newName.empty() ? copy.name + " (copy)" : std::string(newName);
        Db& db = m_d->db;
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        Stmt ins(db, "INSERT INTO scenarios (name, created, modified, catalog_id) "
                     "VALUES (?, ?, ?, ?) RETURNING id");
        ins.bind(1, copy.name).bind(2, now).bind(3, now).bind(4, copy.catalog_id);
        std::int64_t id = 0;
        if (!ins.insertReturningId(id))
            return failure<R>(ins.error(doing));
        auto rev = m_d->insertRevision(id, scenarioToJson(copy),
                                       "Duplicated from \"" + row.value.name + "\"",
                                       row.value.figures, now);
        if (!rev)
            return failure<R>(amend(rev, doing + ": "));
        if (Status e = m_d->addTags(id, tg.value); !e)
            return failure<R>(amend(e, doing + ": "));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        R r;
        r.value = id;
        return r;
    });
}

Status ScenarioStore::rename(std::int64_t scenarioId, std::string_view newName)
{
    return guardedStore(*m_d, "Renaming a scenario", [&]() -> Status {
        const std::string doing = "Could not rename scenario " + std::to_string(scenarioId);
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        if (newName.empty())
            return storeFailure(StoreError::Invalid, doing + ": the name is empty.");
        Db& db = m_d->db;
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return sqlFailure(db, tx.rc(), doing);
        // Read under the writer lock: a revision another planner saved a moment ago is the
        // one renamed, never replaced by an older one (issue 48 review).
        auto row = scenario(scenarioId);
        if (!row)
            return amend(row, doing + ": ");
        if (row.value.name == newName)
            return {};
        auto sc = loadRevision(row.value.current_revision);
        Stmt up(db, "UPDATE scenarios SET name = ?, modified = ? WHERE id = ?");
        up.bind(1, newName).bind(2, now).bind(3, scenarioId);
        if (!up.exec())
            return up.error(doing);
        // The name lives in the JSON too; record it as a revision so history and library
        // agree. A damaged current revision is left alone (only the row is renamed).
        if (sc) {
            sc.value.name = std::string(newName);
            auto rev = m_d->insertRevision(scenarioId, scenarioToJson(sc.value),
                                           "Renamed from \"" + row.value.name + "\"",
                                           row.value.figures, now);
            if (!rev)
                return storeFailure(rev.kind, doing + ": " + rev.error);
        }
        if (tx.commit() != SQLITE_OK)
            return sqlFailure(db, tx.rc(), doing);
        return {};
    });
}

Status ScenarioStore::trash(std::int64_t scenarioId)
{
    return guardedStore(*m_d, "Moving to the trash", [&]() -> Status {
        const std::string doing =
            "Could not move scenario " + std::to_string(scenarioId) + " to the trash";
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        Stmt st(m_d->db, "UPDATE scenarios SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL");
        st.bind(1, nowMs()).bind(2, scenarioId);
        if (!st.exec())
            return st.error(doing);
        if (st.changes() == 0 && !m_d->scenarioExists(scenarioId))
            return storeFailure(StoreError::NotFound, doing + ": it is not in the library.");
        return {};
    });
}

Status ScenarioStore::restoreFromTrash(std::int64_t scenarioId)
{
    return guardedStore(*m_d, "Restoring from the trash", [&]() -> Status {
        const std::string doing =
            "Could not restore scenario " + std::to_string(scenarioId) + " from the trash";
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        Stmt st(m_d->db, "UPDATE scenarios SET deleted_at = NULL WHERE id = ?");
        st.bind(1, scenarioId);
        if (!st.exec())
            return st.error(doing);
        if (st.changes() == 0)
            return storeFailure(StoreError::NotFound, doing + ": it is not in the library.");
        return {};
    });
}

Result<int> ScenarioStore::emptyTrash()
{
    return guardedStore(*m_d, "Emptying the trash", [&]() -> Result<int> {
        using R = Result<int>;
        const std::string doing = "Could not empty the trash";
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        // Revisions and tags follow through ON DELETE CASCADE, the autosave link is nulled.
        Stmt st(db, "DELETE FROM scenarios WHERE deleted_at IS NOT NULL");
        if (!st.exec())
            return failure<R>(st.error(doing));
        R r;
        r.value = static_cast<int>(st.changes());
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        return r;
    });
}

// ---- Tags -----------------------------------------------------------------------------

Status ScenarioStore::setTags(std::int64_t scenarioId, const std::vector<Tag>& tags)
{
    return guardedStore(*m_d, "Saving tags", [&]() -> Status {
        const std::string doing =
            "Could not save the tags of scenario " + std::to_string(scenarioId);
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        for (const Tag& t : tags)
            if (t.value.empty())
                return storeFailure(StoreError::Invalid, doing + ": a " +
                                                             std::string(toString(t.kind)) +
                                                             " tag is empty.");
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return sqlFailure(db, tx.rc(), doing);
        if (!m_d->scenarioExists(scenarioId))
            return storeFailure(StoreError::NotFound, doing + ": it is not in the library.");
        Stmt del(db, "DELETE FROM tags WHERE scenario_id = ?");
        del.bind(1, scenarioId);
        if (!del.exec())
            return del.error(doing);
        if (Status e = m_d->addTags(scenarioId, tags); !e)
            return amend(e, doing + ": ");
        if (tx.commit() != SQLITE_OK)
            return sqlFailure(db, tx.rc(), doing);
        return {};
    });
}

Result<std::vector<Tag>> ScenarioStore::tags(std::int64_t scenarioId) const
{
    return guardedStore(*m_d, "Reading tags", [&]() -> Result<std::vector<Tag>> {
        using R = Result<std::vector<Tag>>;
        if (Status e = m_d->readBlocked("Could not read tags"); !e)
            return failure<R>(e);
        // Order: project, batch, resource, free; then by value.
        Stmt st(m_d->db, "SELECT kind, value FROM tags WHERE scenario_id = ? ORDER BY "
                         "CASE kind WHEN 'project' THEN 0 WHEN 'batch' THEN 1 "
                         "WHEN 'resource' THEN 2 ELSE 3 END, value");
        st.bind(1, scenarioId);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            auto k = tagKindFromString(st.text(0));
            r.value.push_back({k.value_or(TagKind::Free), st.text(1)});
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not read tags"));
        return r;
    });
}

Result<std::vector<std::string>> ScenarioStore::tagValues(TagKind kind) const
{
    return guardedStore(*m_d, "Reading tag values", [&]() -> Result<std::vector<std::string>> {
        using R = Result<std::vector<std::string>>;
        if (Status e = m_d->readBlocked("Could not read tag values"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT DISTINCT t.value FROM tags t JOIN scenarios s "
                         "ON s.id = t.scenario_id WHERE t.kind = ? AND s.deleted_at IS NULL "
                         "ORDER BY t.value");
        st.bind(1, toString(kind));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back(st.text(0));
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not read tag values"));
        return r;
    });
}

} // namespace costlab
