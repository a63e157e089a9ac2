#include "libpq.h"

#include <cstdlib>
#include <dlfcn.h>

namespace costlab::storedetail {

namespace {

struct Loaded {
    LibPq functions;
    std::string error; // empty when every function was found
};

Loaded load()
{
    Loaded out;
    const char* custom = std::getenv("COSTLAB_LIBPQ");
    const std::string file = custom && *custom ? custom : "libpq.so.5";
    // Never unloaded: PGconn objects and libpq's own OpenSSL state live until exit.
    void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        out.error = "The team library needs the PostgreSQL client library " + file +
                    " (Debian package libpq5), which could not be loaded" +
                    (why ? std::string(": ") + why : std::string()) + ".";
        return out;
    }
#define COSTLAB_LIBPQ_RESOLVE(name)                                                                \
    out.functions.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name));                \
    if (!out.functions.name && out.error.empty())                                                  \
        out.error = "The PostgreSQL client library " + file +                                      \
                    " has no function " #name " (libpq 10 or later is needed).";
    COSTLAB_LIBPQ_FUNCTIONS(COSTLAB_LIBPQ_RESOLVE)
#undef COSTLAB_LIBPQ_RESOLVE
    return out;
}

const Loaded& loaded()
{
    static const Loaded once = load(); // thread-safe initialisation (C++11 magic statics)
    return once;
}

} // namespace

const LibPq* loadLibPq(std::string* error)
{
    const Loaded& l = loaded();
    if (!l.error.empty()) {
        if (error)
            *error = l.error;
        return nullptr;
    }
    return &l.functions;
}

const LibPq& pq()
{
    return loaded().functions;
}

} // namespace costlab::storedetail
