#include "languages.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace costlab {

namespace {

struct Translators {
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
    QString code = QStringLiteral("en");
};

Translators& translators()
{
    static Translators t;
    return t;
}

/// Answers every Costlab context with the English source text.
class EnglishTranslator : public QTranslator {
public:
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* sourceText, const char*, int) const override
    {
        if (!context || !sourceText || qstrncmp(context, "costlab::", 9) != 0)
            return {};
        return QString::fromUtf8(sourceText);
    }
};

} // namespace

QStringList availableLanguages()
{
    QStringList out{QStringLiteral("en")};
    const QDir dir(QStringLiteral(":/i18n"));
    for (const QString& f :
         dir.entryList({QStringLiteral("costlab_*.qm")}, QDir::Files, QDir::Name)) {
        QString code = f.mid(8);
        code.chop(3);
        out << code;
    }
    return out;
}

QString languageName(const QString& code)
{
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    const QLocale loc(code);
    return loc.nativeLanguageName();
}

bool setLanguage(const QString& code)
{
    Translators& t = translators();
    if (code == t.code && (code == QLatin1String("en") || t.app))
        return true;
    auto app = std::make_unique<QTranslator>();
    auto qt = std::make_unique<QTranslator>();
    const bool english = code == QLatin1String("en") || code.isEmpty();
    if (!english) {
        if (!app->load(QStringLiteral(":/i18n/costlab_%1.qm").arg(code)))
            return false;
        // Qt's own dialogs and context menus; absent files simply leave them in English.
        if (!qt->load(QStringLiteral("qtbase_%1").arg(code),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            qt.reset();
    }
    if (t.app)
        QCoreApplication::removeTranslator(t.app.get());
    if (t.qt)
        QCoreApplication::removeTranslator(t.qt.get());
    t.app.reset();
    t.qt.reset();
    t.code = english ? QStringLiteral("en") : code;
    QLocale::setDefault(english ? QLocale(QLocale::English, QLocale::UnitedStates) : QLocale(code));
    if (!english) {
        t.app = std::move(app);
        t.qt = std::move(qt);
        if (t.qt)
            QCoreApplication::installTranslator(t.qt.get());
        // Installing sends LanguageChange to every widget: they retranslate live.
        QCoreApplication::installTranslator(t.app.get());
    }
    // Removing a translator posts LanguageChange too, so switching back to English is live.
    return true;
}

QString currentLanguage()
{
    return translators().code;
}

ScopedTranslation::ScopedTranslation(const QString& code)
{
    const bool english = code == QLatin1String("en") || code.isEmpty();
    if ((english ? QStringLiteral("en") : code) == currentLanguage())
        return;
    if (english) {
        m_translator = std::make_unique<EnglishTranslator>();
    } else {
        m_translator = std::make_unique<QTranslator>();
        if (!m_translator->load(QStringLiteral(":/i18n/costlab_%1.qm").arg(code))) {
            m_translator.reset();
            m_ok = false;
            return;
        }
    }
    QCoreApplication::installTranslator(m_translator.get());
    // Number formatting follows the language too (万/亿, grouping): a Chinese report
    // exported from an English window once counted tokens in "B" (issue 49).
    m_previousLocale = QLocale();
    QLocale::setDefault(english ? QLocale(QLocale::English, QLocale::UnitedStates) : QLocale(code));
}

ScopedTranslation::~ScopedTranslation()
{
    if (m_translator)
        QCoreApplication::removeTranslator(m_translator.get());
    if (m_previousLocale)
        QLocale::setDefault(*m_previousLocale);
}

} // namespace costlab
