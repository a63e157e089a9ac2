#include "plaintext.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>

namespace costlab {

QString plainToolTip(const QString& text)
{
    if (text.isEmpty())
        return text;
    QString escaped = text.toHtmlEscaped();
    escaped.replace(QLatin1Char('\n'), QStringLiteral("<br/>"));
    return QStringLiteral("<qt>") + escaped + QStringLiteral("</qt>");
}

QString displayText(const QString& text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069))
            out += QStringLiteral("⟨U+%1⟩").arg(QString::number(uint(u), 16).toUpper());
        else
            out += c;
    }
    return out;
}

QString displayText(const std::string& text)
{
    return displayText(QString::fromStdString(text));
}

QLabel* plainLabel(QLabel* label)
{
    label->setTextFormat(Qt::PlainText);
    return label;
}

void warnPlain(QWidget* parent, const QString& title, const QString& text)
{
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

QMessageBox::StandardButton askPlain(QWidget* parent, const QString& title, const QString& text,
                                     QMessageBox::StandardButtons buttons,
                                     QMessageBox::StandardButton defaultButton)
{
    QMessageBox box(QMessageBox::Question, title, text, buttons, parent);
    box.setTextFormat(Qt::PlainText);
    box.setDefaultButton(defaultButton);
    // Every answer reachable with Alt and a letter (issue 49: the unsaved-changes buttons
    // had no mnemonics); Qt's own button texts carry none on every platform.
    const std::pair<QMessageBox::StandardButton, const char*> texts[] = {
        {QMessageBox::Save, QT_TRANSLATE_NOOP("costlab::Dialog", "&Save")},
        {QMessageBox::Discard, QT_TRANSLATE_NOOP("costlab::Dialog", "&Discard")},
        {QMessageBox::Cancel, QT_TRANSLATE_NOOP("costlab::Dialog", "&Cancel")},
        {QMessageBox::Yes, QT_TRANSLATE_NOOP("costlab::Dialog", "&Yes")},
        {QMessageBox::No, QT_TRANSLATE_NOOP("costlab::Dialog", "&No")},
        {QMessageBox::Ok, QT_TRANSLATE_NOOP("costlab::Dialog", "&OK")}};
    for (const auto& [which, label] : texts)
        if (QAbstractButton* b = box.button(which))
            b->setText(QCoreApplication::translate("costlab::Dialog", label));
    return QMessageBox::StandardButton(box.exec());
}

void giveMnemonics(QDialogButtonBox* box)
{
    const std::pair<QDialogButtonBox::StandardButton, const char*> texts[] = {
        {QDialogButtonBox::Close, QT_TRANSLATE_NOOP("costlab::Dialog", "&Close")},
        {QDialogButtonBox::Cancel, QT_TRANSLATE_NOOP("costlab::Dialog", "&Cancel")},
        {QDialogButtonBox::Ok, QT_TRANSLATE_NOOP("costlab::Dialog", "&OK")},
        {QDialogButtonBox::Save, QT_TRANSLATE_NOOP("costlab::Dialog", "&Save")},
        {QDialogButtonBox::Discard, QT_TRANSLATE_NOOP("costlab::Dialog", "&Discard")},
        {QDialogButtonBox::Apply, QT_TRANSLATE_NOOP("costlab::Dialog", "&Apply")}};
    for (const auto& [which, text] : texts)
        if (QPushButton* b = box->button(which))
            b->setText(QCoreApplication::translate("costlab::Dialog", text));
}

} // namespace costlab
