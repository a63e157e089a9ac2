// Plan-versus-actual comparisons kept beside their plan (schema version 3, issue 47).
#include "storedetail.h"

namespace costlab {

namespace {

constexpr const char* kColumns = "id, scenario_id, revision_id, taken_at, as_of, files, "
                                 "actual_to_date, planned_to_date, reforecast_p50, "
                                 "reforecast_p90, flags";

ActualsRecord rowOf(const storedetail::Stmt& st)
{
    ActualsRecord r;
    r.id = st.i64(0);
    r.scenario_id = st.i64(1);
    r.revision_id = st.i64(2);
    r.taken_at = st.i64(3);
    r.as_of = st.i64(4);
    r.files = st.text(5);
    r.actual_to_date = st.real(6);
    r.planned_to_date = st.real(7);
    r.reforecast_p50 = st.real(8);
    r.reforecast_p90 = st.real(9);
    r.flags = int(st.i64(10));
    return r;
}

} // namespace

Result<std::int64_t> ScenarioStore::saveActuals(const ActualsRecord& rec)
{
    return guardedStore(*m_d, "Keeping a comparison", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not keep the comparison with the actuals";
        for (const std::string* text : {&rec.json, &rec.files}) {
            const auto j = nlohmann::json::parse(*text, nullptr, false);
            if (j.is_discarded() || !(j.is_object() || j.is_array()))
                return failure<R>(doing + ": its text is not JSON", StoreError::Invalid);
        }
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        // The revision must be the scenario's own: a comparison belongs to one plan revision.
        Stmt owner(m_d->db, "SELECT 1 FROM revisions WHERE id = ? AND scenario_id = ?");
        owner.bind(1, rec.revision_id).bind(2, rec.scenario_id);
        const int rc = owner.step();
        if (rc == SQLITE_DONE)
            return failure<R>(doing + ": revision " + std::to_string(rec.revision_id) +
                                  " is not a revision of scenario " +
                                  std::to_string(rec.scenario_id) + ".",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(owner.error(doing));
        Stmt st(m_d->db, "INSERT INTO actuals (scenario_id, revision_id, taken_at, as_of, files, "
                         "actual_to_date, planned_to_date, reforecast_p50, reforecast_p90, "
                         "flags, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
        st.bind(1, rec.scenario_id)
            .bind(2, rec.revision_id)
            .bind(3, nowMs())
            .bind(4, rec.as_of)
            .bind(5, rec.files)
            .bind(6, rec.actual_to_date)
            .bind(7, rec.planned_to_date)
            .bind(8, rec.reforecast_p50)
            .bind(9, rec.reforecast_p90)
            .bind(10, rec.flags)
            .bind(11, rec.json);
        R r;
        if (!st.insertReturningId(r.value))
            return failure<R>(st.error(doing));
        return r;
    });
}

Result<std::vector<ActualsRecord>> ScenarioStore::listActuals(std::int64_t scenarioId) const
{
    return guardedStore(*m_d, "Listing comparisons", [&]() -> Result<std::vector<ActualsRecord>> {
        using R = Result<std::vector<ActualsRecord>>;
        if (Status e = m_d->readBlocked("Could not list the comparisons"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, std::string("SELECT ") + kColumns +
                             " FROM actuals WHERE scenario_id = ? ORDER BY id DESC");
        st.bind(1, scenarioId);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back(rowOf(st));
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list the comparisons"));
        return r;
    });
}

Result<ActualsRecord> ScenarioStore::actuals(std::int64_t id) const
{
    return guardedStore(*m_d, "Reading a comparison", [&]() -> Result<ActualsRecord> {
        using R = Result<ActualsRecord>;
        if (Status e = m_d->readBlocked("Could not read the comparison"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, std::string("SELECT ") + kColumns + ", json FROM actuals WHERE id = ?");
        st.bind(1, id);
        const int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("There is no comparison " + std::to_string(id) + " in the library.",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the comparison"));
        R r;
        r.value = rowOf(st);
        r.value.json = st.text(11);
        return r;
    });
}

} // namespace costlab
