#include "importdialog.h"

#include "analysisworker.h"

#include "files.h"
#include "modelarch.h"
#include "paramtext.h"
#include "plaintext.h"
#include "registry.h"
#include "scenario_json.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace costlab {

namespace {

QString kindText(ImportNote::Kind k)
{
    switch (k) {
    case ImportNote::Kind::Read:
        return ImportDialog::tr("read");
    case ImportNote::Kind::Derived:
        return ImportDialog::tr("derived");
    case ImportNote::Kind::Approximated:
        return ImportDialog::tr("approximated");
    case ImportNote::Kind::Ignored:
        return ImportDialog::tr("ignored");
    }
    return {};
}

/// What happened to a key, in the UI language: the input's label and value, and the
/// reason (model/io marks its reasons for translation in the context costlab::Import).
QString detailText(const ImportNote& n)
{
    QString out;
    if (const ParamDef* def = n.param.empty() ? nullptr : findDef(n.param, kPretrainBit)) {
        const QString v = QString::fromStdString(n.value);
        out = paramLabel(*def) + QStringLiteral(" = ") +
              (def->type == ParamType::Bool
                   ? (n.value == "true" ? ImportDialog::tr("yes") : ImportDialog::tr("no"))
                   : formatNumber(v.toDouble(), 12));
    }
    const QString reason = QCoreApplication::translate("costlab::Import", n.reason.c_str());
    if (!reason.isEmpty())
        out += out.isEmpty() ? reason : QStringLiteral(" (%1)").arg(reason);
    if (n.param.empty() && !n.value.empty())
        out += QStringLiteral(": ") + QString::fromStdString(n.value);
    return out;
}

QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text); // item text is never interpreted as markup
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(plainToolTip(text));
    return item;
}

QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

} // namespace

ImportDialog::ImportDialog(const QString& path, ConfigImport import, const Scenario& plan,
                           QWidget* parent)
    : QDialog(parent), m_import(std::move(import)), m_plan(plan)
{
    const ImportFormat* format = findImportFormat(m_import.format);
    setWindowTitle(format ? tr("Import %1 — %2")
                                .arg(QCoreApplication::translate("costlab::Import", format->label),
                                     QFileInfo(path).fileName())
                          : tr("Import — %1").arg(QFileInfo(path).fileName()));
    auto* layout = new QVBoxLayout(this);
    m_summary = plainLabel(new QLabel(this));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    auto* phases = new QGroupBox(tr("Apply to"), this);
    auto* phaseLayout = new QVBoxLayout(phases);
    std::array<int, 3> ordinal{};
    for (int i = 0; i < int(plan.phases.size()); ++i) {
        const Phase& p = plan.phases[std::size_t(i)];
        ++ordinal[std::size_t(p.kind)];
        if (!(m_import.phase_kinds & (1u << unsigned(p.kind))))
            continue;
        auto* box = new QCheckBox(
            phaseKindLabel(p.kind) + QStringLiteral(": ") + QString::fromStdString(p.name), phases);
        box->setChecked(true);
        phaseLayout->addWidget(box);
        m_phaseBoxes.append({i, box});
    }
    layout->addWidget(phases);

    layout->addWidget(plainLabel(new QLabel(tr("Inputs to apply:"), this)));
    m_shape = table({tr("Parameter"), tr("Value")}, this);
    layout->addWidget(m_shape, 2);
    layout->addWidget(plainLabel(
        new QLabel(tr("Every key of the file (used ones first, then in file order):"), this)));
    m_keys = table({tr("Key"), tr("Line"), tr("Outcome"), tr("Detail")}, this);
    layout->addWidget(m_keys, 3);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    giveMnemonics(buttons);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    fillShape();
    fillKeys();
    resize(760, 560); // fits a 1280×720 projector with room for the window frame
}

void ImportDialog::fillShape()
{
    // The format's row says what it fills; the model sentence follows when the file set one.
    const ImportFormat* format = findImportFormat(m_import.format);
    const bool rl = format && format->phase_kinds == kRlBit;
    const unsigned kind = rl ? kRlBit : kPretrainBit;
    Scenario scratch =
        defaultScenario(std::array{rl ? PhaseKind::RlPosttrain : PhaseKind::Pretrain});
    applyImport(scratch, 0, m_import);
    const ParamCounts c = paramCounts(scratch.phases[0].model);
    const QString name = QString::fromStdString(
        m_import.architecture.empty() ? m_import.model_type : m_import.architecture);
    const bool shape = std::any_of(m_import.settings.begin(), m_import.settings.end(),
                                   [](const ParamChange& st) { return st.id == "model.layers"; });
    QStringList summary;
    if (format)
        summary << tr("%1: %2.").arg(QCoreApplication::translate("costlab::Import", format->label),
                                     QCoreApplication::translate("costlab::Import", format->fills));
    if (shape && name.isEmpty())
        summary << (c.active < c.total ? tr("A model of %1 parameters, %2 active per token.")
                                             .arg(formatCount(c.total), formatCount(c.active))
                                       : tr("A model of %1 parameters.").arg(formatCount(c.total)));
    else if (shape)
        summary << (c.active < c.total ? tr("%1 (%2): %3 parameters, %4 active per token.")
                                             .arg(name, QString::fromStdString(m_import.model_type),
                                                  formatCount(c.total), formatCount(c.active))
                                       : tr("%1 (%2): %3 parameters.")
                                             .arg(name, QString::fromStdString(m_import.model_type),
                                                  formatCount(c.total)));
    m_summary->setText(summary.join(QLatin1Char(' ')));
    for (const ParamChange& st : m_import.settings) {
        const ParamDef* def = findDef(st.id, kind);
        if (!def || st.id == "model.from_shape")
            continue;
        const int row = m_shape->rowCount();
        m_shape->insertRow(row);
        m_shape->setItem(row, 0, cell(paramLabel(*def)));
        const QString unit = displayUnit(*def);
        // Choices by their label ("GRPO", "Full recompute"), as the parameter panel shows them.
        const int choice = def->type == ParamType::Choice ? choiceIndex(*def, st.text) : -1;
        m_shape->setItem(row, 1,
                         cell(choice >= 0 ? choiceLabel(def->choices[std::size_t(choice)])
                                          : QString::fromStdString(st.text) +
                                                (unit.isEmpty() || def->type == ParamType::Bool
                                                     ? QString()
                                                     : QStringLiteral(" ") + unit)));
    }
    m_shape->resizeColumnToContents(0);
}

void ImportDialog::fillKeys()
{
    // What the import used comes first: a launch script's torchrun and data flags would
    // otherwise hide the layout under a screenful of "ignored".
    std::vector<ImportNote> notes = m_import.notes;
    std::stable_sort(notes.begin(), notes.end(), [](const ImportNote& a, const ImportNote& b) {
        return (a.kind == ImportNote::Kind::Ignored) < (b.kind == ImportNote::Kind::Ignored);
    });
    for (const ImportNote& n : notes) {
        const int row = m_keys->rowCount();
        m_keys->insertRow(row);
        m_keys->setItem(row, 0, cell(QString::fromStdString(n.key)));
        m_keys->setItem(row, 1,
                        cell(QString::fromStdString(n.line).remove(QStringLiteral("line "))));
        m_keys->setItem(row, 2, cell(kindText(n.kind)));
        m_keys->setItem(row, 3, cell(detailText(n)));
    }
    for (int c = 0; c < 3; ++c)
        m_keys->resizeColumnToContents(c);
}

QList<int> ImportDialog::chosenPhases() const
{
    QList<int> out;
    for (const auto& [index, box] : m_phaseBoxes)
        if (box->isChecked())
            out.append(index);
    return out;
}

std::vector<ParamChange> ImportDialog::changes(const Scenario& plan, const ConfigImport& import,
                                               const QList<int>& phases)
{
    std::vector<ParamChange> out;
    for (int p : phases) {
        const std::vector<ParamChange> own = phaseChanges(plan, p, import.settings);
        out.insert(out.end(), own.begin(), own.end());
    }
    return out;
}

namespace {

/// The file read and recognised, off the UI thread.
struct ReadImport {
    bool read = false;
    std::string readError;
    ConfigImport im;
};

} // namespace

std::optional<ConfigImport> ImportDialog::readOffThread(QWidget* parent, const QString& path,
                                                        QString* error)
{
    // Reading and parsing run on a worker with a cancellable progress dialog: a large or
    // hostile file never freezes the window (issue 44: an expansion bomb once held the GUI
    // thread for 73 s; the readers are bounded now, and the window stays live regardless).
    AnalysisWorker worker;
    std::optional<ReadImport> got;
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0,
                             parent);
    progress.setWindowTitle(tr("Import"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    QEventLoop loop;
    const std::string file = path.toStdString();
    worker.start<ReadImport>(
        [file](const AnalysisControl&) {
            ReadImport r;
            const std::optional<std::string> text = readFile(file, r.readError);
            r.read = text.has_value();
            if (text)
                r.im = importConfig(*text);
            return r;
        },
        [&](ReadImport r) {
            got = std::move(r);
            loop.quit();
        });
    connect(&progress, &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    if (!got)
        loop.exec();
    progress.reset();
    if (!got) { // cancelled: nothing read, nothing changed
        worker.cancel();
        *error = QString();
        return std::nullopt;
    }
    if (!got->read) {
        *error = tr("%1 cannot be read: %2").arg(path, QString::fromStdString(got->readError));
        return std::nullopt;
    }
    return std::move(got->im);
}

bool ImportDialog::run(QWidget* parent, Document& doc, const QString& path)
{
    QString readError;
    std::optional<ConfigImport> read = readOffThread(parent, path, &readError);
    if (!read) {
        if (!readError.isEmpty())
            warnPlain(parent, tr("Import failed"), readError);
        return false;
    }
    ConfigImport im = std::move(*read);
    if (!im.ok()) {
        // In the reader's language (issue 49); an error without its message is shown as is.
        QStringList lines;
        for (std::size_t i = 0; i < im.errors.size(); ++i)
            lines << (i < im.problems.size() ? translatedMessage(im.problems[i])
                                             : QString::fromStdString(im.errors[i]));
        const ImportFormat* format = findImportFormat(im.format);
        QString what;
        if (im.failure == ImportFailure::NotRecognised || !format) {
            // Name every format the table holds: the user learns what to give instead.
            QStringList formats;
            for (const ImportFormat& f : importFormats())
                formats << QCoreApplication::translate("costlab::Import", f.label);
            what = tr("%1 is not a format Costlab reads (%2); nothing was changed.")
                       .arg(path, formats.join(tr(", ")));
        } else {
            what = tr("%1 was read as a %2 and holds errors; nothing was changed.")
                       .arg(path, QCoreApplication::translate("costlab::Import", format->label));
        }
        warnPlain(parent, tr("Import failed"),
                  what + QStringLiteral("\n\n") + lines.join(QLatin1Char('\n')));
        return false;
    }
    ImportDialog dialog(path, std::move(im), doc.scenario(), parent);
    if (dialog.exec() != QDialog::Accepted || dialog.chosenPhases().isEmpty())
        return false;
    QString error;
    if (!doc.apply(changes(doc.scenario(), dialog.result(), dialog.chosenPhases()),
                   tr("Import %1").arg(QFileInfo(path).fileName()), &error)) {
        warnPlain(parent, tr("Import failed"), error);
        return false;
    }
    return true;
}

} // namespace costlab
