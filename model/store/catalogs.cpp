// Price catalogs kept in the library.
#include "storedetail.h"

namespace costlab {

// ---- Catalogs -------------------------------------------------------------------------

Result<std::string> ScenarioStore::seedDefaultCatalog(std::string_view json)
{
    return guardedStore(*m_d, "Installing the default catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not install the default catalog";
        if (Status e = m_d->catalogWriteBlocked(doing); !e)
            return failure<R>(e);
        std::vector<std::string> errors;
        auto cat = catalogFromJson(json, errors);
        if (!cat)
            return failure<R>(doing + ": " + joinStrings(errors, "; "), StoreError::Invalid);
        std::string id = cat->id.empty() ? std::string("default") : cat->id;
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        Stmt chk(db, "SELECT read_only, json FROM catalogs WHERE id = ?");
        chk.bind(1, id);
        const bool found = chk.step() == SQLITE_ROW;
        if (found && chk.i64(0) == 0)
            return failure<R>(doing + ": an editable catalog already uses the id \"" + id + "\".",
                              StoreError::Conflict);
        if (found && chk.text(1) == json) {
            // Already current: no write, so a planner whose role may only read catalogs on a
            // team library (finance owns them) opens it without an error (issue 48).
            R r;
            r.value = id;
            return r;
        }
        Stmt st(db, "INSERT INTO catalogs (id, name, read_only, json, modified) "
                    "VALUES (?, ?, 1, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                    "name = excluded.name, json = excluded.json, modified = excluded.modified "
                    "WHERE catalogs.json <> excluded.json");
        st.bind(1, id).bind(2, cat->name).bind(3, json).bind(4, nowMs());
        if (!st.exec())
            return failure<R>(st.error(doing));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        R r;
        r.value = id;
        return r;
    });
}

Result<std::string> ScenarioStore::copyCatalog(std::string_view id, std::string_view newName)
{
    return guardedStore(*m_d, "Copying a catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not copy the catalog \"" + std::string(id) + "\"";
        if (Status e = m_d->catalogWriteBlocked(doing); !e)
            return failure<R>(e);
        if (newName.empty())
            return failure<R>(doing + ": the new name is empty.", StoreError::Invalid);
        auto text = catalogJson(id);
        if (!text)
            return failure<R>(text.error);
        nlohmann::json j = nlohmann::json::parse(text.value, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return failure<R>(doing + ": its stored text is damaged.", StoreError::Damaged);
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        std::string base = slugify(newName), newId = base;
        for (int i = 2;; ++i) {
            Stmt chk(db, "SELECT 1 FROM catalogs WHERE id = ?");
            chk.bind(1, newId);
            int rc = chk.step();
            if (rc == SQLITE_DONE)
                break;
            if (rc != SQLITE_ROW)
                return failure<R>(chk.error(doing));
            newId = base + "-" + std::to_string(i);
        }
        j["id"] = newId;
        j["name"] = std::string(newName);
        std::string out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        std::vector<std::string> errors;
        if (!catalogFromJson(out, errors))
            return failure<R>(doing + ": " + joinStrings(errors, "; "), StoreError::Invalid);
        Stmt st(db, "INSERT INTO catalogs (id, name, read_only, json, modified) "
                    "VALUES (?, ?, 0, ?, ?)");
        st.bind(1, newId).bind(2, newName).bind(3, out).bind(4, nowMs());
        if (!st.exec())
            return failure<R>(st.error(doing));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        R r;
        r.value = newId;
        return r;
    });
}

Status ScenarioStore::updateCatalog(std::string_view id, std::string_view json)
{
    return guardedStore(*m_d, "Saving a catalog", [&]() -> Status {
        const std::string doing = "Could not save the catalog \"" + std::string(id) + "\"";
        if (Status e = m_d->catalogWriteBlocked(doing); !e)
            return e;
        nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return storeFailure(StoreError::Invalid, doing + ": the text is not a JSON object.");
        j["id"] = std::string(id);
        std::string out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        std::vector<std::string> errors;
        auto cat = catalogFromJson(out, errors);
        if (!cat)
            return storeFailure(StoreError::Invalid, doing + ": " + joinStrings(errors, "; "));
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return sqlFailure(db, tx.rc(), doing);
        Stmt chk(db, "SELECT read_only FROM catalogs WHERE id = ?");
        chk.bind(1, id);
        int rc = chk.step();
        if (rc == SQLITE_DONE)
            return storeFailure(StoreError::NotFound, doing + ": no such catalog.");
        if (rc != SQLITE_ROW)
            return chk.error(doing);
        if (chk.i64(0) != 0)
            return storeFailure(StoreError::ReadOnly,
                                doing + ": it is read-only; copy it to make an editable catalog.");
        Stmt st(db, "UPDATE catalogs SET name = ?, json = ?, modified = ? WHERE id = ?");
        st.bind(1, cat->name).bind(2, out).bind(3, nowMs()).bind(4, id);
        if (!st.exec())
            return st.error(doing);
        if (tx.commit() != SQLITE_OK)
            return sqlFailure(db, tx.rc(), doing);
        return {};
    });
}

Status ScenarioStore::deleteCatalog(std::string_view id)
{
    return guardedStore(*m_d, "Deleting a catalog", [&]() -> Status {
        const std::string doing = "Could not delete the catalog \"" + std::string(id) + "\"";
        if (Status e = m_d->catalogWriteBlocked(doing); !e)
            return e;
        Stmt st(m_d->db, "DELETE FROM catalogs WHERE id = ? AND read_only = 0");
        st.bind(1, id);
        if (!st.exec())
            return st.error(doing);
        if (st.changes() == 0)
            return storeFailure(StoreError::ReadOnly,
                                doing + ": it is read-only or does not exist.");
        return {};
    });
}

Result<int>
ScenarioStore::refreshFigures(std::string_view catalogId,
                              const std::function<CachedFigures(const Scenario&)>& figures)
{
    return guardedStore(*m_d, "Updating cached totals", [&]() -> Result<int> {
        using R = Result<int>;
        const std::string doing =
            "Could not update the totals of plans priced with \"" + std::string(catalogId) + "\"";
        if (Status e = m_d->catalogWriteBlocked(doing); !e)
            return failure<R>(e);
        if (!figures)
            return failure<R>(doing + ": no way to compute them was given.", StoreError::Invalid);
        Db& db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        Stmt sel(db, "SELECT s.id, r.id, r.json FROM scenarios s JOIN revisions r "
                     "ON r.id = s.current_revision WHERE s.catalog_id = ?");
        sel.bind(1, catalogId);
        struct Row {
            std::int64_t sid, rid;
            CachedFigures f;
        };
        std::vector<Row> rows;
        int rc;
        while ((rc = sel.step()) == SQLITE_ROW) {
            const LoadResult lr = scenarioFromJson(sel.text(2));
            if (lr.scenario) // a damaged revision keeps its figures; loading it says why
                rows.push_back({sel.i64(0), sel.i64(1), figures(*lr.scenario)});
        }
        if (rc != SQLITE_DONE)
            return failure<R>(sel.error(doing));
        // The list reads `scenarios`, the History dialog `revisions`: both must agree.
        const std::pair<const char*, bool> updates[] = {
            {"UPDATE scenarios SET total_cost = ?, currency = ?, p_oom = ?, gpu_hours = ? "
             "WHERE id = ?",
             true},
            {"UPDATE revisions SET total_cost = ?, currency = ?, p_oom = ?, gpu_hours = ? "
             "WHERE id = ?",
             false}};
        for (const Row& row : rows)
            for (const auto& [sql, scenarioRow] : updates) {
                Stmt up(db, sql);
                up.bind(1, row.f.total_cost)
                    .bind(2, row.f.currency)
                    .bind(3, row.f.p_oom)
                    .bind(4, row.f.gpu_hours)
                    .bind(5, scenarioRow ? row.sid : row.rid);
                if (!up.exec())
                    return failure<R>(up.error(doing));
            }
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlFailure(db, tx.rc(), doing));
        R r;
        r.value = static_cast<int>(rows.size());
        return r;
    });
}

Result<std::vector<CatalogRow>> ScenarioStore::listCatalogs() const
{
    return guardedStore(*m_d, "Listing catalogs", [&]() -> Result<std::vector<CatalogRow>> {
        using R = Result<std::vector<CatalogRow>>;
        if (Status e = m_d->readBlocked("Could not list catalogs"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT id, name, read_only, modified FROM catalogs "
                         "ORDER BY read_only DESC, " +
                             m_d->caseless("name"));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back({st.text(0), st.text(1), st.i64(2) != 0, st.i64(3)});
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list catalogs"));
        return r;
    });
}

Result<std::string> ScenarioStore::catalogJson(std::string_view id) const
{
    return guardedStore(*m_d, "Reading a catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (Status e = m_d->readBlocked("Could not read the catalog"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT json FROM catalogs WHERE id = ?");
        st.bind(1, id);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("The catalog \"" + std::string(id) + "\" is not in the library.",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the catalog \"" + std::string(id) + "\""));
        R r;
        r.value = st.text(0);
        return r;
    });
}

std::function<std::optional<std::string>(std::string_view id)>
catalogLookup(const ScenarioStore& store)
{
    return [&store](std::string_view id) -> std::optional<std::string> {
        if (!store.isOpen())
            return std::nullopt;
        Result<std::string> r = store.catalogJson(id);
        return r ? std::optional<std::string>(std::move(r.value)) : std::nullopt;
    };
}

} // namespace costlab
