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

namespace {
/// Standard buttons' texts with a mnemonic, for dialog button boxes and questions alike
/// (QMessageBox's standard buttons have QDialogButtonBox's values).
const std::pair<QDialogButtonBox::StandardButton, const char*> kMnemonicTexts[] = {
    {QDialogButtonBox::Close, QT_TRANSLATE_NOOP("costlab::Dialog", "&Close")},
    {QDialogButtonBox::Cancel, QT_TRANSLATE_NOOP("costlab::Dialog", "&Cancel")},
    {QDialogButtonBox::Ok, QT_TRANSLATE_NOOP("costlab::Dialog", "&OK")},
    {QDialogButtonBox::Save, QT_TRANSLATE_NOOP("costlab::Dialog", "&Save")},
    {QDialogButtonBox::Discard, QT_TRANSLATE_NOOP("costlab::Dialog", "&Discard")},
    {QDialogButtonBox::Apply, QT_TRANSLATE_NOOP("costlab::Dialog", "&Apply")},
    {QDialogButtonBox::Yes, QT_TRANSLATE_NOOP("costlab::Dialog", "&Yes")},
    {QDialogButtonBox::No, QT_TRANSLATE_NOOP("costlab::Dialog", "&No")}};
static_assert(int(QMessageBox::Save) == int(QDialogButtonBox::Save) &&
              int(QMessageBox::Yes) == int(QDialogButtonBox::Yes));
} // namespace

QMessageBox::StandardButton askPlain(QWidget* parent, const QString& title, const QString& text,
                                     QMessageBox::StandardButtons buttons,
                                     QMessageBox::StandardButton defaultButton)
{
    QMessageBox box(QMessageBox::Question, title, text, buttons, parent);
    box.setTextFormat(Qt::PlainText);
    box.setDefaultButton(defaultButton);
    // Every answer reachable with Alt and a letter (issue 49: the unsaved-changes buttons
    // had no mnemonics); Qt's own button texts carry none on every platform.
    for (const auto& [which, label] : kMnemonicTexts)
        if (QAbstractButton* b = box.button(QMessageBox::StandardButton(which)))
            b->setText(QCoreApplication::translate("costlab::Dialog", label));
    return QMessageBox::StandardButton(box.exec());
}

void giveMnemonics(QDialogButtonBox* box)
{
    for (const auto& [which, text] : kMnemonicTexts)
        if (QPushButton* b = box->button(which))
            b->setText(QCoreApplication::translate("costlab::Dialog", text));
}

} // namespace costlab
