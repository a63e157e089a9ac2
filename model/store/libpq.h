// The PostgreSQL client library, loaded on first use (issue 50, part 4).
//
// Why it is not linked: libpq brings about twenty shared libraries with it (OpenSSL,
// GnuTLS, Kerberos, LDAP, SASL), and mapping them at start-up cost every costlab,
// costlab-cli and costlab-report process about 12 ms on the reference machine (a C++
// "hello world" linked with -lpq: 17.8 ms; without: 5.3 ms; docs/performance.md), while
// most runs never open a team library. So the store resolves libpq's functions with dlopen
// when a team library is first opened, and a file library never loads it.
#pragma once

#include <libpq-fe.h>

#include <string>

namespace costlab::storedetail {

// Every libpq function the store calls. The types and constants still come from
// <libpq-fe.h>; only the functions are looked up.
#define COSTLAB_LIBPQ_FUNCTIONS(X)                                                                 \
    X(PQbackendPID)                                                                                \
    X(PQclear)                                                                                     \
    X(PQcmdStatus)                                                                                 \
    X(PQcmdTuples)                                                                                 \
    X(PQconninfoFree)                                                                              \
    X(PQconninfoParse)                                                                             \
    X(PQconnectdbParams)                                                                           \
    X(PQconsumeInput)                                                                              \
    X(PQerrorMessage)                                                                              \
    X(PQexec)                                                                                      \
    X(PQexecParams)                                                                                \
    X(PQfinish)                                                                                    \
    X(PQfreemem)                                                                                   \
    X(PQgetisnull)                                                                                 \
    X(PQgetlength)                                                                                 \
    X(PQgetvalue)                                                                                  \
    X(PQnotifies)                                                                                  \
    X(PQntuples)                                                                                   \
    X(PQresetPoll)                                                                                 \
    X(PQresetStart)                                                                                \
    X(PQresultErrorField)                                                                          \
    X(PQresultErrorMessage)                                                                        \
    X(PQresultStatus)                                                                              \
    X(PQsetNoticeProcessor)                                                                        \
    X(PQsocket)                                                                                    \
    X(PQstatus)                                                                                    \
    X(PQtransactionStatus)

/// libpq's functions, resolved from the shared library.
struct LibPq {
#define COSTLAB_LIBPQ_MEMBER(name) decltype(&::name) name = nullptr;
    COSTLAB_LIBPQ_FUNCTIONS(COSTLAB_LIBPQ_MEMBER)
#undef COSTLAB_LIBPQ_MEMBER
};

/// Loads libpq once per process (thread-safe) and returns its functions, or nullptr with a
/// sentence for the user in `*error` when the library or one of its functions is missing.
/// The library is `libpq.so.5` from the loader's path (Debian package libpq5), or the file
/// named by the environment variable COSTLAB_LIBPQ, for a libpq installed elsewhere.
const LibPq* loadLibPq(std::string* error);

/// The loaded library. Precondition: loadLibPq() succeeded, which every open connection
/// (a non-null PGconn) implies: connections are only made after it.
const LibPq& pq();

} // namespace costlab::storedetail
