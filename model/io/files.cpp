// files.h: the bounded reader and the atomic writer.
#include "files.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace costlab {

namespace {

std::string sysError(const std::string& what, const std::string& path, int err)
{
    return what + " '" + path + "': " + std::strerror(err);
}

} // namespace

std::string checkOutputPath(const std::string& path)
{
    if (path.empty())
        return "cannot save: no file name given";
    struct stat lst {};
    if (::lstat(path.c_str(), &lst) != 0)
        return {}; // a new file
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return "cannot save to '" + path + "': it is a symbolic link to nothing (" +
               std::strerror(errno) + "); remove the link or choose another name";
    if (S_ISDIR(st.st_mode))
        return "cannot save to '" + path + "': it is a folder";
    if (!S_ISREG(st.st_mode))
        return "cannot save to '" + path +
               "': it is not a regular file (a device, pipe or socket); choose a file name";
    return {};
}

std::string checkOutputNotInput(const std::string& output, const std::vector<std::string>& inputs)
{
    for (const std::string& in : inputs) {
        std::error_code ec;
        if (!in.empty() && std::filesystem::equivalent(output, in, ec) && !ec)
            return "'" + output + "' is the command's own input '" + in +
                   "'; writing it would replace the input. Choose another output file";
    }
    return {};
}

int removeStaleTemporaries(const std::string& dir, const std::string& prefix)
{
    int removed = 0;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(dir, ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.compare(0, prefix.size(), prefix) != 0)
            continue;
        // prefix, then the owner's pid, '-', then mkstemp's / mkdtemp's six characters.
        const std::string rest = name.substr(prefix.size());
        const auto dash = rest.find('-');
        if (dash == std::string::npos || dash == 0 || rest.size() != dash + 7 ||
            !std::all_of(rest.begin(), rest.begin() + long(dash),
                         [](unsigned char c) { return std::isdigit(c); }))
            continue;
        const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
        if (pid <= 0 || pid == ::getpid())
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // alive (EPERM: it exists, another user's)
        std::error_code rec;
        if (std::filesystem::remove_all(it->path(), rec) > 0 && !rec)
            ++removed;
    }
    return removed;
}

std::string writeFileAtomic(const std::string& requested, std::string_view text)
{
    if (std::string refused = checkOutputPath(requested); !refused.empty())
        return refused;
    // Saving over a symbolic link replaces the file it points to, not the link.
    std::string path = requested;
    struct stat lst {};
    if (::lstat(requested.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
        if (char* real = ::realpath(requested.c_str(), nullptr)) {
            path = real;
            std::free(real);
        }
    }
    const auto slash = path.rfind('/');
    const std::string dir =
        slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    if (base.empty())
        return "cannot save to '" + path + "': the path names a folder, not a file";

    // The temporary file names its process: a save killed mid-write leaves it behind (issue
    // 44: 38 of 320 kills), and the next save of the same file removes those whose process
    // is gone.
    const std::string tmpPrefix = "." + base + ".costlab-";
    removeStaleTemporaries(dir, tmpPrefix);
    std::string tmp =
        (dir == "/" ? "" : dir) + "/" + tmpPrefix + std::to_string(::getpid()) + "-XXXXXX";
    std::vector<char> tmpl(tmp.begin(), tmp.end());
    tmpl.push_back('\0');
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        return sysError("cannot create a temporary file in", dir, errno) + " (saving '" + path +
               "')";
    tmp.assign(tmpl.data());

    auto fail = [&](const std::string& what, int err) {
        ::close(fd);
        ::unlink(tmp.c_str());
        return sysError(what, path, err);
    };

    // mkstemp creates 0600; give the file the permissions a plain create would, or keep
    // those of the file we replace.
    struct stat st {};
    mode_t mode;
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            ::close(fd);
            ::unlink(tmp.c_str());
            return "cannot save to '" + path + "': it is a folder";
        }
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd, mode) != 0)
        return fail("cannot set permissions while saving", errno);

    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail("cannot write", errno);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        return fail("cannot flush to disk", errno);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return sysError("cannot finish writing", path, err);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return sysError("cannot replace", path, err);
    }
    // Make the rename itself durable; failure here does not undo a completed save.
    if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

namespace {

/// readFile that stops after `limit` bytes (so /dev/zero or a 10 GB file cannot exhaust
/// memory); `truncated` tells whether more was there.
std::optional<std::string> readFileLimited(const std::string& path, std::string& error,
                                           std::size_t limit, bool& truncated, bool head = false)
{
    truncated = false;
    // O_NONBLOCK: a FIFO with no writer must fail at once, not wait forever.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        error = sysError("cannot open", path, errno); // ELOOP says "symbolic links"
        return std::nullopt;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        error = sysError("cannot read", path, errno);
        ::close(fd);
        return std::nullopt;
    }
    if (S_ISDIR(st.st_mode)) {
        error = "cannot read '" + path + "': it is a folder, not a regular file";
        ::close(fd);
        return std::nullopt;
    }
    // Devices (/dev/zero never ends), FIFOs and sockets are not plan files.
    if (!S_ISREG(st.st_mode)) {
        error = "cannot read '" + path + "': not a regular file (a device, pipe or socket)";
        ::close(fd);
        return std::nullopt;
    }
    // Refused before reading a byte: a 100 GB sparse file fails at once.
    if (!head && static_cast<std::uintmax_t>(st.st_size) > limit) {
        truncated = true;
        ::close(fd);
        return std::string();
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    std::string out;
    out.reserve(std::min<std::size_t>(static_cast<std::size_t>(st.st_size), limit));
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = sysError("cannot read", path, errno);
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        out.append(buf, static_cast<std::size_t>(n));
        if (out.size() > limit) { // grew while we read: at most limit + 1 buffer is kept
            out.resize(limit);
            truncated = true;
            break;
        }
    }
    ::close(fd);
    return out;
}

} // namespace

std::optional<std::string> readFileHead(const std::string& path, std::string& error,
                                        std::size_t bytes)
{
    bool truncated = false;
    return readFileLimited(path, error, bytes, truncated, true);
}

std::optional<std::string> readFile(const std::string& path, std::string& error, std::size_t limit,
                                    bool* tooLarge)
{
    bool truncated = false;
    std::optional<std::string> text = readFileLimited(path, error, limit, truncated);
    if (tooLarge)
        *tooLarge = text && truncated;
    if (text && truncated) {
        error = "'" + path + "' is larger than " + std::to_string(limit) +
                " bytes; Costlab reads files of at most 16 MiB";
        return std::nullopt;
    }
    return text;
}

} // namespace costlab
