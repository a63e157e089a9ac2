// Workshop lessons kept in the library (schema version 2).
#include "lessonjson.h"
#include "storedetail.h"

namespace costlab {

Result<std::string> ScenarioStore::saveLesson(std::string_view json)
{
    return guardedStore(*m_d, "Saving a lesson", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const LessonLoad load = lessonFromJson(json);
        if (!load.lesson) {
            std::string why;
            for (std::size_t i = 0; i < load.problems.size() && i < 3; ++i)
                why += (i ? "; " : "") + load.problems[i].pointer + ": " + load.problems[i].message;
            return failure<R>("The lesson was not added to the library: " + why,
                              StoreError::Invalid);
        }
        const Lesson& l = *load.lesson;
        const std::string doing = "Could not save the lesson \"" + l.title.en + "\"";
        if (Status e = m_d->writeBlocked(doing); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "INSERT INTO lessons (id, title, json, modified) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(id) DO UPDATE SET title = excluded.title, "
                         "json = excluded.json, modified = excluded.modified");
        st.bind(1, l.id).bind(2, l.title.en).bind(3, json).bind(4, nowMs());
        if (!st.exec())
            return failure<R>(st.error(doing));
        R r;
        r.value = l.id;
        return r;
    });
}

Result<std::vector<LessonRow>> ScenarioStore::listLessons() const
{
    return guardedStore(*m_d, "Listing lessons", [&]() -> Result<std::vector<LessonRow>> {
        using R = Result<std::vector<LessonRow>>;
        if (Status e = m_d->readBlocked("Could not list lessons"); !e)
            return failure<R>(e);
        Stmt st(m_d->db,
                "SELECT id, title, modified FROM lessons ORDER BY " + m_d->caseless("title"));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back({st.text(0), st.text(1), st.i64(2)});
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list lessons"));
        return r;
    });
}

Result<std::string> ScenarioStore::lessonJson(std::string_view id) const
{
    return guardedStore(*m_d, "Reading a lesson", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (Status e = m_d->readBlocked("Could not read the lesson"); !e)
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT json FROM lessons WHERE id = ?");
        st.bind(1, id);
        const int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("The lesson \"" + std::string(id) + "\" is not in the library.",
                              StoreError::NotFound);
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the lesson"));
        R r;
        r.value = st.text(0);
        return r;
    });
}

Status ScenarioStore::deleteLesson(std::string_view id)
{
    return guardedStore(*m_d, "Deleting a lesson", [&]() -> Status {
        const std::string doing = "Could not delete the lesson \"" + std::string(id) + "\"";
        if (Status e = m_d->writeBlocked(doing); !e)
            return e;
        Stmt st(m_d->db, "DELETE FROM lessons WHERE id = ?");
        st.bind(1, id);
        if (!st.exec())
            return st.error(doing);
        if (st.changes() == 0)
            return storeFailure(StoreError::NotFound, doing + ": it is not in the library.");
        return {};
    });
}

} // namespace costlab
