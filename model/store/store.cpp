// Scenario library over the SQLite C API: opening, status, tags and figures helpers. See
// store.h for the design notes; the operations live in scenarios.cpp, catalogs.cpp,
// autosave.cpp and maintenance.cpp, the internals in storedetail.h.
#include "storedetail.h"

namespace costlab {

// ---------------------------------------------------------------------------------------

std::string_view toString(StoreError k)
{
    switch (k) {
    case StoreError::None:
        return "none";
    case StoreError::NotOpen:
        return "not_open";
    case StoreError::ReadOnly:
        return "read_only";
    case StoreError::NotFound:
        return "not_found";
    case StoreError::Invalid:
        return "invalid";
    case StoreError::Conflict:
        return "conflict";
    case StoreError::Busy:
        return "busy";
    case StoreError::Full:
        return "full";
    case StoreError::Damaged:
        return "damaged";
    case StoreError::Io:
        return "io";
    case StoreError::Internal:
        return "internal";
    }
    return "internal";
}

std::string_view toString(TagKind k)
{
    switch (k) {
    case TagKind::Project:
        return "project";
    case TagKind::Batch:
        return "batch";
    case TagKind::Resource:
        return "resource";
    case TagKind::Free:
        return "free";
    }
    return "free";
}

std::optional<TagKind> tagKindFromString(std::string_view s)
{
    for (TagKind k : {TagKind::Project, TagKind::Batch, TagKind::Resource, TagKind::Free})
        if (toString(k) == s)
            return k;
    return std::nullopt;
}

CachedFigures figuresFrom(const Estimate& e, const Scenario& s)
{
    CachedFigures f;
    f.total_cost = e.ok ? e.total : kNotPriced;
    f.currency = currencyId(s.currency);
    f.p_oom = e.oom.probability;
    f.gpu_hours = e.ok ? e.gpu_hours : kNotPriced;
    return f;
}

WritableCheck checkWritable(const std::string& path)
{
    WritableCheck c;
    struct stat st {};
    c.exists = ::stat(path.c_str(), &st) == 0;
    if (c.exists) {
        // access() instead of open(): closing any descriptor of a file drops every POSIX lock
        // this process holds on it, which would break another open connection's locking.
        c.file_writable = ::access(path.c_str(), W_OK) == 0;
        if (!c.file_writable)
            c.reason = "the file " + path + " is not writable (" + std::strerror(errno) + ")";
    } else {
        c.file_writable = true;
    }
    fs::path p(path);
    std::string dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    // A real probe: root passes access() everywhere, and /proc-like file systems accept
    // access() but refuse to create files.
    std::string probe =
        dir + "/.costlab-probe-" + std::to_string(::getpid()) + "-" + std::to_string(nowMs());
    int fd = ::open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        ::unlink(probe.c_str());
        c.dir_writable = true;
    } else {
        int err = errno;
        if (!c.reason.empty())
            c.reason += "; ";
        c.reason += "the folder " + dir + " is not writable (" + std::strerror(err) + ")";
    }
    return c;
}

// ---------------------------------------------------------------------------------------

ScenarioStore::ScenarioStore() : m_d(std::make_unique<Impl>()) {}
ScenarioStore::~ScenarioStore() = default;

bool ScenarioStore::isOpen() const
{
    return static_cast<bool>(m_d->db);
}
bool ScenarioStore::isReadOnly() const
{
    return m_d->readOnly;
}
bool ScenarioStore::canChangeCatalogs() const
{
    return isOpen() && m_d->catalogWriteBlocked("").ok();
}
const StoreStatus& ScenarioStore::status() const
{
    return m_d->status;
}
const std::string& ScenarioStore::path() const
{
    return m_d->path;
}
int ScenarioStore::schemaVersion() const
{
    return m_d->version;
}
const std::string& ScenarioStore::user() const
{
    return isOpen() ? m_d->user : Impl::kNoOwner;
}

void ScenarioStore::close()
{
    m_d->walId = {};
    m_d->dropPrivateCopy();
    m_d->readOnly = false;
    m_d->version = 0;
}

Status ScenarioStore::open(const std::string& path, const StoreOptions& options)
{
    return guardedStore(*m_d, "Opening the library " + redactedConnection(path), [&]() -> Status {
        Impl& d = *m_d;
        close();
        d.options = options;
        d.status = {};
        if (isServerLibrary(path)) {
            d.conninfo = path;
            d.path = redactedConnection(path);
            if (Status e = d.openPg(); !e)
                return e;
            d.summarise();
            return {};
        }
        d.path = path;
        d.conninfo.clear();
        d.user = loginName();
        if (Status e = d.decideAccess(); !e)
            return e;
        if (Status e = d.connect(); !e)
            return e;
        if (Status e = d.prepareSchema(); !e)
            return e;
        // The log this connection writes to (it exists once WAL mode has been read).
        if (!d.readOnly && d.privateDir.empty())
            d.walId = Impl::fileId(path + "-wal");
        if (options.auto_backup_hours > 0 && !d.readOnly && !d.status.created)
            d.autoBackup();
        d.summarise();
        return {};
    });
}

} // namespace costlab
