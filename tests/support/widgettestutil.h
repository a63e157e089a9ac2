// Shared helpers of the editor widget tests.
#pragma once

#include "catalogio.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QtTest>

namespace costlab::test {

inline Catalog loadTestCatalog()
{
    std::vector<std::string> errors;
    auto cat = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    if (!cat)
        qFatal("default catalog does not load: %s", errors.empty() ? "?" : errors.front().c_str());
    return *cat;
}

inline QStringList exampleScenarios()
{
    QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
    QStringList out;
    for (const QString& f :
         dir.entryList({QStringLiteral("*.costlab.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(f);
    return out;
}

inline QString examplePath(const char* name)
{
    return QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/") + QLatin1String(name);
}

} // namespace costlab::test
