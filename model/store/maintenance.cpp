// Bulk import, seeding, integrity check, backup and restore.
#include "storedetail.h"

namespace costlab {

// ---- Bulk -----------------------------------------------------------------------------

ImportReport
ScenarioStore::importFiles(const std::vector<std::string>& paths,
                           const std::function<CachedFigures(const Scenario&)>& figures)
{
    return guardedStore(*m_d, "Importing files", [&]() -> ImportReport {
        ImportReport rep;
        for (const std::string& p : paths) {
            LoadResult lr = loadScenarioFile(p);
            if (!lr.scenario || !lr.errors.empty()) {
                rep.rejected.push_back(p + ": " + joinErrors(lr.errors, 20));
                continue;
            }
            // The same plan imported twice is one scenario, not two: compare with the current
            // revision of every live scenario of that name, as the writer prints them.
            const std::string text = scenarioToJson(*lr.scenario);
            bool same = false;
            {
                Stmt st(m_d->db,
                        "SELECT r.json FROM scenarios s JOIN revisions r "
                        "ON r.id = s.current_revision WHERE s.name = ? AND s.deleted_at IS NULL");
                st.bind(1, lr.scenario->name);
                while (!same && st.step() == SQLITE_ROW) {
                    const LoadResult stored = scenarioFromJson(st.text(0));
                    same = stored.scenario && scenarioToJson(*stored.scenario) == text;
                }
            }
            if (same) {
                rep.identical.push_back(p + ": already in the library as \"" + lr.scenario->name +
                                        "\"");
                continue;
            }
            CachedFigures f;
            if (figures) {
                try {
                    f = figures(*lr.scenario);
                } catch (...) {
                    f = {};
                }
            }
            auto r = create(*lr.scenario, "Imported from " + fs::path(p).filename().string(), f);
            if (r)
                rep.imported.push_back(r.value);
            else
                rep.rejected.push_back(p + ": " + r.error);
        }
        return rep;
    });
}

ImportReport
ScenarioStore::seedExamples(const std::vector<std::string>& paths,
                            const std::function<CachedFigures(const Scenario&)>& figures)
{
    return guardedStore(*m_d, "Adding the examples", [&]() -> ImportReport {
        if (Status e = m_d->writeBlocked("Could not add the example scenarios"); !e)
            return failure<ImportReport>(e);
        {
            Stmt st(m_d->db, "SELECT value FROM meta WHERE key = 'examples_seeded'");
            int rc = st.step();
            if (rc == SQLITE_ROW)
                return ImportReport{};
            if (rc != SQLITE_DONE)
                return failure<ImportReport>(st.error("Could not add the example scenarios"));
        }
        ImportReport rep = importFiles(paths, figures);
        Stmt mark(m_d->db, "INSERT INTO meta (key, value) VALUES ('examples_seeded', ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        mark.bind(1, std::to_string(nowMs()));
        if (!mark.exec())
            rep.rejected.push_back(
                mark.error("Could not remember that the examples were added").error);
        return rep;
    });
}

// ---- Maintenance ----------------------------------------------------------------------

Result<std::string> ScenarioStore::integrityCheck() const
{
    return guardedStore(*m_d, "Checking the library", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (Status e = m_d->readBlocked("Could not check the library"); !e)
            return failure<R>(e);
        // A team library's pages are the server's to check (data checksums, amcheck); what
        // Costlab can check there is its own invariant: every plan has its current revision.
        Stmt st(m_d->db, m_d->isPg()
                             ? "SELECT 'scenario ' || CAST(s.id AS TEXT) || ': its current "
                               "revision is missing' FROM scenarios s LEFT JOIN revisions r ON "
                               "r.id = s.current_revision AND r.scenario_id = s.id "
                               "WHERE r.id IS NULL"
                             : "PRAGMA integrity_check");
        std::vector<std::string> lines;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            lines.push_back(st.text(0));
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not check the library"));
        R r;
        r.value = lines.empty() ? std::string("ok") : joinStrings(lines, "\n", 100);
        return r;
    });
}

Status ScenarioStore::backupTo(const std::string& destPath) const
{
    return guardedStore(*m_d, "Backing up the library", [&]() -> Status {
        if (m_d->isPg())
            return storeFailure(StoreError::Invalid,
                                "A team library is backed up on its server, with pg_dump or the "
                                "server's own backups (docs/library.md); Costlab does not copy "
                                "it to " +
                                    destPath + ".");
        return m_d->backupTo(destPath);
    });
}

Result<std::string> ScenarioStore::restoreLibraryFrom(const std::string& backupPath)
{
    return guardedStore(*m_d, "Restoring the library", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not restore the library from " + backupPath;
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        if (m_d->isPg())
            return failure<R>(doing + ": a team library is restored on its server, with "
                                      "pg_restore (docs/library.md).",
                              StoreError::Invalid);
        // Vet the backup with the same checks as open(), without touching it.
        {
            ScenarioStore probe;
            StoreOptions o;
            o.read_only = true;
            o.recover_corrupt = false;
            if (Status e = probe.open(backupPath, o); !e)
                return failure<R>(amend(e, doing + ": "));
            if (probe.schemaVersion() > m_d->version)
                return failure<R>(doing + ": it was written by a newer Costlab.",
                                  StoreError::Invalid);
        }
        std::string safety = uniquePath(m_d->path + ".before-restore-" + fileTimestamp());
        if (Status e = m_d->backupTo(safety); !e)
            return failure<R>(
                amend(e, doing + ": the safety copy of the current library failed: "));

        sqlite3* src = nullptr;
        int rc = sqlite3_open_v2(backupPath.c_str(), &src, SQLITE_OPEN_READONLY, nullptr);
        if (rc != SQLITE_OK) {
            Status m = sqlFailure(src, rc, doing);
            sqlite3_close_v2(src);
            return failure<R>(m);
        }
        sqlite3_backup* b = sqlite3_backup_init(m_d->db.lite, "main", src, "main");
        if (!b) {
            Status m = sqlFailure(m_d->db.lite, sqlite3_errcode(m_d->db.lite), doing);
            sqlite3_close_v2(src);
            return failure<R>(m);
        }
        // One step of -1 pages copies everything under a single write transaction.
        rc = sqlite3_backup_step(b, -1);
        sqlite3_backup_finish(b);
        sqlite3_close_v2(src);
        if (rc != SQLITE_DONE)
            return failure<R>(amend(sqlFailure(m_d->db.lite, rc, doing), "",
                                    "; the library is unchanged (a copy is at " + safety + ")"));
        m_d->version = m_d->readUserVersion();
        execSql(m_d->db.lite, "PRAGMA journal_mode = WAL");
        R r;
        r.value = safety;
        return r;
    });
}

} // namespace costlab
