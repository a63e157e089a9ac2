// UI language switching (Tiled languagemanager.cpp): our translations are embedded as
// :/i18n/costlab_<lang>.qm; Qt's own come from the system's Qt translations folder.
// Switching installs new translators; every widget then receives QEvent::LanguageChange
// and retranslates itself, so the switch is live.
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QTranslator;

namespace costlab {

/// Language codes with a translation, "en" first ("en", "zh_CN").
QStringList availableLanguages();
/// Native name of a language ("English", "简体中文").
QString languageName(const QString& code);
/// Install the translators for `code` ("en" removes them) and set the default QLocale, so
/// numbers follow the language. Returns false when no translation for `code` exists.
bool setLanguage(const QString& code);
/// The language last set with setLanguage ("en" before any call).
QString currentLanguage();

/// Translates Costlab's strings into `code` for as long as it lives, whatever the UI
/// language: a Chinese report from an English window, or the reverse. Qt asks the
/// translator installed last first, so this one answers before the UI's; for "en" it
/// answers every Costlab string with its English source. A no-op when `code` is the UI
/// language. Installing and removing a translator retranslates open widgets, so keep it
/// to the span of one piece of work (writing one report). The default QLocale (number
/// formats, 万/亿) follows the language for the same span and is restored after.
class ScopedTranslation {
public:
    explicit ScopedTranslation(const QString& code);
    ~ScopedTranslation();
    ScopedTranslation(const ScopedTranslation&) = delete;
    ScopedTranslation& operator=(const ScopedTranslation&) = delete;
    /// False when no translation for `code` is embedded (the UI language then stays).
    bool ok() const { return m_ok; }

private:
    std::unique_ptr<QTranslator> m_translator;
    std::optional<QLocale> m_previousLocale; ///< restored on destruction when changed
    bool m_ok = true;
};

} // namespace costlab
