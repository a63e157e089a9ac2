#include "libraryutil.h"

#include "catalogio.h"
#include "datapaths.h"
#include "engine.h"

#include <QRegularExpression>
#include <QStringList>

namespace costlab {

const Catalog* FiguresCalculator::catalog(const std::string& id)
{
    auto it = m_catalogs.find(id);
    if (it == m_catalogs.end()) {
        std::optional<Catalog> cat;
        std::vector<std::string> errors;
        if (m_store && m_store->isOpen()) {
            if (auto text = m_store->catalogJson(id))
                cat = catalogFromJson(text.value, errors);
        }
        if (!cat && id == "default") {
            const QString path = catalogPath(QStringLiteral("default"));
            if (!path.isEmpty())
                cat = loadCatalogFile(path.toStdString(), errors);
        }
        it = m_catalogs.emplace(id, std::move(cat)).first;
    }
    return it->second ? &*it->second : nullptr;
}

CachedFigures FiguresCalculator::operator()(const Scenario& scenario)
{
    const Catalog* cat = catalog(scenario.catalog_id);
    if (!cat) {
        CachedFigures f;
        f.currency = scenario.currency == Currency::CNY ? "CNY" : "USD";
        return f;
    }
    return figuresFrom(evaluate(scenario, *cat), scenario);
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
