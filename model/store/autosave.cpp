// The one autosave slot.
#include "storedetail.h"

namespace costlab {

// ---- Autosave -------------------------------------------------------------------------

Status ScenarioStore::writeAutosave(std::int64_t scenarioId, const Scenario& s)
{
    return guardedStore(*m_d, "Autosaving", [&]() -> Status {
        const std::string doing = "Could not autosave \"" + s.name + "\"";
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        // The sub-select turns an id that is gone (trash emptied elsewhere) into NULL
        // instead of a foreign-key failure: the document itself is what matters here.
        Stmt st(m_d->db, "INSERT INTO autosave (owner, scenario_id, json, saved_at) "
                         "VALUES (?, (SELECT id FROM scenarios WHERE id = ?), ?, ?) "
                         "ON CONFLICT(owner) DO UPDATE SET scenario_id = excluded.scenario_id, "
                         "json = excluded.json, saved_at = excluded.saved_at");
        st.bind(1, m_d->autosaveOwner())
            .bind(2, scenarioId)
            .bind(3, scenarioToJson(s))
            .bind(4, nowMs());
        if (!st.exec())
            return st.error(doing);
        return {};
    });
}

Result<std::optional<AutosaveEntry>> ScenarioStore::readAutosave() const
{
    return guardedStore(
        *m_d, "Reading the autosave", [&]() -> Result<std::optional<AutosaveEntry>> {
            using R = Result<std::optional<AutosaveEntry>>;
            if (Status e = m_d->readBlocked("Could not read the autosave"); !e)
                return failure<R>(e);
            Stmt st(m_d->db, "SELECT scenario_id, saved_at, json FROM autosave WHERE owner = ?");
            st.bind(1, m_d->autosaveOwner());
            int rc = st.step();
            R r;
            if (rc == SQLITE_DONE)
                return r;
            if (rc != SQLITE_ROW)
                return failure<R>(st.error("Could not read the autosave"));
            AutosaveEntry e;
            e.scenario_id = st.isNull(0) ? 0 : st.i64(0);
            e.saved_at = st.i64(1);
            e.json = st.text(2);
            r.value = std::move(e);
            return r;
        });
}

Status ScenarioStore::clearAutosave()
{
    return guardedStore(*m_d, "Clearing the autosave", [&]() -> Status {
        const std::string doing = "Could not clear the autosave";
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        Stmt st(m_d->db, "DELETE FROM autosave WHERE owner = ?");
        st.bind(1, m_d->autosaveOwner());
        if (!st.exec())
            return st.error(doing);
        return {};
    });
}

} // namespace costlab
