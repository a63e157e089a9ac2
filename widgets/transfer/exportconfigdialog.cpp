#include "exportconfigdialog.h"

#include "launchexport.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QVBoxLayout>

namespace costlab {

ExportConfigDialog::ExportConfigDialog(const Scenario& plan, const Estimate& estimate,
                                       QString version, QWidget* parent)
    : QDialog(parent), m_plan(plan), m_estimate(estimate), m_version(std::move(version))
{
    setWindowTitle(tr("Export Launch Settings"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_phase = new QComboBox(this);
    m_phase->setToolTip(tr("Pre-training phases are written as Megatron-LM arguments, RL "
                           "phases as a veRL config (YAML)."));
    for (int i = 0; i < int(plan.phases.size()); ++i) {
        const Phase& p = plan.phases[std::size_t(i)];
        if (p.kind != PhaseKind::Pretrain && p.kind != PhaseKind::RlPosttrain)
            continue;
        const QString format =
            p.kind == PhaseKind::Pretrain ? tr("Megatron-LM arguments") : tr("veRL config (YAML)");
        // The phase name is user text: a combo box shows it as plain text.
        m_phase->addItem(
            tr("Phase %1: %2 — %3").arg(i + 1).arg(QString::fromStdString(p.name), format), i);
    }
    form->addRow(tr("&Phase:"), m_phase);
    layout->addLayout(form);
    m_about = new QLabel(this);
    m_about->setTextFormat(Qt::PlainText);
    m_about->setWordWrap(true);
    layout->addWidget(m_about);
    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMinimumSize(560, 320);
    layout->addWidget(m_text, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_copy->setToolTip(tr("Copy the settings to the clipboard"));
    m_save = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, &ExportConfigDialog::copy);
    connect(m_save, &QPushButton::clicked, this, &ExportConfigDialog::save);
    connect(m_phase, &QComboBox::currentIndexChanged, this, &ExportConfigDialog::refresh);
    refresh();
}

QString ExportConfigDialog::text() const
{
    return m_text->toPlainText();
}

void ExportConfigDialog::choose(int index)
{
    m_phase->setCurrentIndex(index);
}

void ExportConfigDialog::choosePhase(int phase)
{
    if (const int i = m_phase->findData(phase); i >= 0)
        m_phase->setCurrentIndex(i);
}

void ExportConfigDialog::refresh()
{
    const bool any = m_phase->count() > 0;
    m_copy->setEnabled(any);
    m_save->setEnabled(any);
    m_phase->setEnabled(any);
    if (!any) {
        m_about->setText(tr("The plan has no pre-training or RL phase to export."));
        m_text->clear();
        return;
    }
    const int phase = m_phase->currentData().toInt();
    const bool rl = m_plan.phases[std::size_t(phase)].kind == PhaseKind::RlPosttrain;
    const std::string version = m_version.toStdString();
    const LaunchExport ex = rl ? exportVerlConfig(m_plan, m_estimate, phase, version)
                               : exportMegatronArgs(m_plan, m_estimate, phase, version);
    if (!ex.ok()) {
        m_about->setText(QString::fromStdString(ex.error));
        m_text->clear();
        m_copy->setEnabled(false);
        m_save->setEnabled(false);
        return;
    }
    QString about =
        rl ? tr("The layout, batch and pools of this RL phase as veRL settings; add the model "
                "path, data and reward function of your own.")
           : tr("The layout, batch and model shape of this phase as Megatron-LM arguments; add "
                "your data, tokenizer, optimizer and checkpoint flags.");
    if (!ex.notes.empty())
        about += QLatin1Char(' ') + tr("The header notes what the framework cannot express.");
    m_about->setText(about);
    m_text->setPlainText(QString::fromStdString(ex.text));
}

void ExportConfigDialog::copy()
{
    QApplication::clipboard()->setText(text());
}

QString ExportConfigDialog::saveTo(const QString& path) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text().toUtf8()) < 0 || !f.commit())
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
    return {};
}

void ExportConfigDialog::save()
{
    const int phase = m_phase->currentData().toInt();
    const bool rl = m_plan.phases[std::size_t(phase)].kind == PhaseKind::RlPosttrain;
    QString base =
        QString::fromStdString(m_plan.name + "-" + m_plan.phases[std::size_t(phase)].name)
            .simplified();
    base.replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("-"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save launch settings"), base + (rl ? ".yaml" : ".sh"),
        rl ? tr("YAML files (*.yaml *.yml)") : tr("Shell scripts (*.sh);;Text files (*.txt)"));
    if (path.isEmpty())
        return;
    if (const QString err = saveTo(path); !err.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Save failed"), err, QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText);
        box.exec();
    }
}

} // namespace costlab
