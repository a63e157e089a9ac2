#include "libraryutil.h"

#include "catalogio.h"
#include "datapaths.h"
#include "engine.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringList>

namespace costlab {

Catalog catalogForPlan(const ScenarioStore* store, const std::string& catalogId,
                       const Catalog* shipped)
{
    CatalogSources src;
    if (store)
        src.library = catalogLookup(*store);
    std::optional<Catalog> loaded;
    if (!shipped) {
        std::vector<std::string> errors;
        if (const QString path = catalogPath(QStringLiteral("default")); !path.isEmpty())
            loaded = loadCatalogFile(QFile::encodeName(path).toStdString(), errors);
        shipped = loaded ? &*loaded : nullptr;
    }
    src.shipped = shipped;
    return pickCatalog(catalogId, src);
}

CachedFigures FiguresCalculator::operator()(const Scenario& scenario)
{
    auto it = m_catalogs.find(scenario.catalog_id);
    if (it == m_catalogs.end())
        it = m_catalogs.emplace(scenario.catalog_id, catalogForPlan(m_store, scenario.catalog_id))
                 .first;
    return figuresFrom(evaluate(scenario, it->second), scenario);
}

QString sanitizedFileName(const QString& name)
{
    QString out;
    out.reserve(name.size());
    for (const QChar c : name) {
        const bool bad =
            c.unicode() < 0x20 || c == QChar(0x7f) || QStringLiteral("<>:\"/\\|?*").contains(c);
        out += bad ? QLatin1Char('_') : c;
    }
    // Windows drops trailing dots and spaces; a leading dot hides the file on Unix.
    while (!out.isEmpty() && (out.front() == QLatin1Char('.') || out.front().isSpace()))
        out.remove(0, 1);
    while (!out.isEmpty() && (out.back() == QLatin1Char('.') || out.back().isSpace()))
        out.chop(1);
    if (out.size() > 120) {
        out.truncate(120);
        if (out.back().isHighSurrogate()) // don't leave half a character
            out.chop(1);
    }
    if (out.isEmpty())
        return QStringLiteral("scenario");
    static const QRegularExpression reserved(
        QStringLiteral("^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\..*)?$"),
        QRegularExpression::CaseInsensitiveOption);
    if (reserved.match(out).hasMatch())
        out.prepend(QLatin1Char('_'));
    return out;
}

} // namespace costlab
