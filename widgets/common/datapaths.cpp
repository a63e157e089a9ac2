#include "datapaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace costlab {

QString dataDir()
{
    const QString env = qEnvironmentVariable("COSTLAB_DATA_DIR");
    if (!env.isEmpty() && QFileInfo(env).isDir())
        return QDir(env).absolutePath();
    // applicationDirPath needs a QCoreApplication; tools without one skip this step.
    if (QCoreApplication::instance()) {
        const QString installed =
            QCoreApplication::applicationDirPath() + QStringLiteral("/../share/costlab");
        if (QFileInfo(installed + QStringLiteral("/examples")).isDir() ||
            QFileInfo(installed + QStringLiteral("/catalog")).isDir())
            return QDir(installed).absolutePath();
    }
#ifdef COSTLAB_RESOURCE_DIR
    const QString source = QStringLiteral(COSTLAB_RESOURCE_DIR);
    if (QFileInfo(source).isDir())
        return QDir(source).absolutePath();
#endif
    return {};
}

QString catalogPath(const QString& catalogId)
{
    const QString base = dataDir();
    if (base.isEmpty())
        return {};
    const QDir dir(base + QStringLiteral("/catalog"));
    // Exactly the named file: falling back to another catalog priced a plan that names
    // "my-prices" with the default prices while its cover claimed otherwise (issue 13).
    const QString wanted = dir.filePath(catalogId + QStringLiteral(".json"));
    return QFileInfo::exists(wanted) ? wanted : QString();
}

namespace {
/// Files matching `pattern` in <data>/`folder`, sorted by name.
QStringList dataFiles(const QString& folder, const QString& pattern)
{
    const QString base = dataDir();
    if (base.isEmpty())
        return {};
    const QDir dir(base + QLatin1Char('/') + folder);
    QStringList out;
    for (const QString& name : dir.entryList({pattern}, QDir::Files, QDir::Name))
        out << dir.filePath(name);
    return out;
}
} // namespace

QStringList shippedCatalogFiles()
{
    QStringList all = dataFiles(QStringLiteral("catalog"), QStringLiteral("*.json"));
    const QString first = catalogPath(QStringLiteral("default"));
    if (all.removeAll(first) > 0)
        all.prepend(first);
    return all;
}

QStringList exampleFiles()
{
    return dataFiles(QStringLiteral("examples"), QStringLiteral("*.costlab.json"));
}

QStringList lessonFiles()
{
    return dataFiles(QStringLiteral("lessons"), QStringLiteral("*.costlab-lesson.json"));
}

QString defaultExampleFile()
{
    const QStringList all = exampleFiles();
    for (const QString& f : all)
        if (f.endsWith(QStringLiteral("/llama3-8b-pretrain-h100.costlab.json")))
            return f;
    return all.isEmpty() ? QString() : all.first();
}

} // namespace costlab
