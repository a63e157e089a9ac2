#include "lessonsdialog.h"

#include "datapaths.h"
#include "languages.h"
#include "lessonjson.h"
#include "paramtext.h"
#include "plaintext.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace costlab {

std::optional<Lesson> readLessonFile(const QString& path, QString* problems)
{
    const LessonLoad load = loadLessonFile(path.toStdString());
    if (load.lesson)
        return load.lesson;
    QStringList lines;
    for (const LessonProblem& p : load.problems)
        lines << (p.pointer.empty()
                      ? QString::fromStdString(p.message)
                      : QStringLiteral("%1: %2").arg(QString::fromStdString(p.pointer),
                                                     QString::fromStdString(p.message)));
    if (problems)
        *problems = lines.join(QLatin1Char('\n'));
    return std::nullopt;
}

bool LessonsDialog::chineseUi()
{
    return currentLanguage().startsWith(QLatin1String("zh"));
}

LessonsDialog::LessonsDialog(QWidget* parent, QStringList files, LessonShelf shelf)
    : QDialog(parent), m_files(files.isEmpty() ? lessonFiles() : files), m_shelf(std::move(shelf))
{
    setWindowTitle(tr("Workshops"));
    auto* v = new QVBoxLayout(this);
    auto* intro = plainLabel(new QLabel(
        tr("Each lesson asks the room to predict, then reveals what the engine computes. "
           "Drive it with Page Down / Page Up (or a presentation clicker), R to reset a step, "
           "B to blank the screen, Esc to leave; F11 for full screen."),
        this));
    intro->setWordWrap(true);
    v->addWidget(intro);
    auto* h = new QHBoxLayout;
    m_list = new QListWidget(this);
    m_list->setMinimumWidth(300);
    h->addWidget(m_list, 2);
    m_details = plainLabel(new QLabel(this));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setMinimumWidth(300);
    h->addWidget(m_details, 3);
    v->addLayout(h, 1);
    m_total = new QLabel(this);
    v->addWidget(m_total);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_open = box->addButton(tr("&Start lesson"), QDialogButtonBox::AcceptRole);
    QPushButton* file = box->addButton(tr("Open lesson &file…"), QDialogButtonBox::ActionRole);
    connect(file, &QPushButton::clicked, this, &LessonsDialog::openFile);
    if (m_shelf.available()) {
        QPushButton* add =
            box->addButton(tr("&Add file to library…"), QDialogButtonBox::ActionRole);
        connect(add, &QPushButton::clicked, this, [this] {
            const QString path =
                QFileDialog::getOpenFileName(this, tr("Add lesson to library"), QString(),
                                             tr("Costlab lessons (*.costlab-lesson.json)"));
            QString error;
            if (!path.isEmpty() && !addToLibrary(path, &error))
                warnPlain(this, tr("Add lesson to library"), error);
        });
        m_remove = box->addButton(tr("&Remove from library"), QDialogButtonBox::ActionRole);
        connect(m_remove, &QPushButton::clicked, this, &LessonsDialog::removeFromLibrary);
    }
    connect(box, &QDialogButtonBox::accepted, this, [this] { openRow(m_list->currentRow()); });
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentRowChanged, this, &LessonsDialog::showDetails);
    connect(m_list, &QListWidget::itemActivated, this, [this] { openRow(m_list->currentRow()); });
    v->addWidget(box);
    fill();
    resize(760, 460);
}

void LessonsDialog::fill()
{
    m_lessons.clear();
    for (const QString& f : m_files) {
        Entry e{f, {}, std::nullopt, {}};
        e.lesson = readLessonFile(f, &e.problem);
        m_lessons.push_back(std::move(e));
    }
    if (m_shelf.available())
        for (const auto& [id, title] : m_shelf.list()) {
            Entry e{{}, id, std::nullopt, {}};
            if (const std::optional<QString> text = m_shelf.read(id, &e.problem)) {
                const LessonLoad load = lessonFromJson(text->toStdString());
                e.lesson = load.lesson;
                if (!load.lesson && !load.problems.empty())
                    e.problem = QString::fromStdString(load.problems.front().message);
            }
            m_lessons.push_back(std::move(e));
        }
    const bool zh = chineseUi();
    double total = 0;
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const Entry& e : m_lessons) {
        const QString name = e.lesson
                                 ? QString::fromStdString(e.lesson->title.in(zh))
                                 : (e.path.isEmpty() ? e.libraryId : QFileInfo(e.path).fileName());
        QString text = e.lesson ? tr("%1 (%2 min)").arg(name, formatNumber(e.lesson->minutes, 3))
                                : tr("%1 (does not load)").arg(name);
        if (!e.libraryId.isEmpty())
            text = tr("Library: %1").arg(text);
        if (e.lesson)
            total += e.lesson->minutes;
        m_list->addItem(text);
    }
    m_total->setText(tr("%n lesson(s), %1 minutes in all", nullptr, int(m_lessons.size()))
                         .arg(formatNumber(total, 3)));
    if (!m_lessons.empty())
        m_list->setCurrentRow(0);
    showDetails();
}

bool LessonsDialog::addToLibrary(const QString& path, QString* error)
{
    QString problems;
    if (!readLessonFile(path, &problems)) {
        if (error)
            *error = tr("%1 is not a lesson Costlab can run:\n%2").arg(path, problems);
        return false;
    }
    QFile f(path);
    if (!m_shelf.available() || !f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Could not read %1: %2").arg(path, f.errorString());
        return false;
    }
    if (!m_shelf.save(QString::fromUtf8(f.readAll()), error))
        return false;
    fill();
    return true;
}

void LessonsDialog::removeFromLibrary()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= int(m_lessons.size()) || m_lessons[std::size_t(row)].libraryId.isEmpty())
        return;
    QString error;
    if (!m_shelf.remove(m_lessons[std::size_t(row)].libraryId, &error))
        warnPlain(this, tr("Remove from library"), error);
    fill();
}

void LessonsDialog::showDetails()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= int(m_lessons.size())) {
        m_details->setText(tr("No lessons were found. Open a lesson file instead."));
        m_open->setEnabled(false);
        if (m_remove)
            m_remove->setEnabled(false);
        return;
    }
    const Entry& e = m_lessons[std::size_t(row)];
    m_open->setEnabled(e.lesson.has_value());
    if (m_remove)
        m_remove->setEnabled(!e.libraryId.isEmpty());
    if (!e.lesson) {
        m_details->setText(tr("This lesson file does not load:\n%1").arg(e.problem));
        return;
    }
    const bool zh = chineseUi();
    const Lesson& l = *e.lesson;
    QStringList steps;
    for (std::size_t i = 0; i < l.steps.size(); ++i)
        steps << QStringLiteral("%1. %2").arg(i + 1).arg(
            QString::fromStdString(l.steps[i].title.in(zh)));
    m_details->setText(
        tr("%1\n\nFor: %2\n\n%3\n\nSteps:\n%4")
            .arg(QString::fromStdString(l.title.in(zh)), QString::fromStdString(l.audience.in(zh)),
                 QString::fromStdString(l.summary.in(zh)), steps.join(QLatin1Char('\n'))));
}

void LessonsDialog::openRow(int index)
{
    if (index < 0 || index >= int(m_lessons.size()) || !m_lessons[std::size_t(index)].lesson)
        return;
    m_chosen = m_lessons[std::size_t(index)].lesson;
    accept();
}

void LessonsDialog::openFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open lesson"), QString(), tr("Costlab lessons (*.costlab-lesson.json)"));
    if (path.isEmpty())
        return;
    QString problems;
    std::optional<Lesson> l = readLessonFile(path, &problems);
    if (!l) {
        warnPlain(this, tr("Open lesson"),
                  tr("%1 is not a lesson Costlab can run:\n%2").arg(path, problems));
        return;
    }
    m_chosen = std::move(l);
    accept();
}

// ---- Glossary --------------------------------------------------------------------------

namespace {

struct Term {
    const char* name;
    const char* text;
};

// The field's terms, plain words first, then where the number in Costlab comes from.
constexpr Term kTerms[] = {
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "MFU (model FLOPs utilisation)"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "The share of the GPUs' peak FLOP/s that goes into the model's own "
                       "arithmetic (6 FLOPs per parameter per token for training). Real runs reach "
                       "30–60 %; Costlab predicts it from the parallel layout.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "GPU-hour"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "One GPU used for one hour: the unit cloud providers bill. 1,024 GPUs for a "
                       "day are 24,576 GPU-hours.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "TP, PP, DP, CP, EP (parallelism)"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "How a model is split over GPUs: tensor parallel (each layer's matrices), "
                       "pipeline parallel (groups of layers), data parallel (copies on different "
                       "data), context parallel (the sequence), expert parallel (MoE experts). "
                       "TP × PP × CP × DP = GPUs.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "ZeRO stage"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "Sharding of training state over the data-parallel GPUs (Rajbhandari et al. "
                       "2020): stage 1 the optimizer state, 2 also the gradients, 3 also the "
                       "weights (FSDP). Less memory per GPU, more communication.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "Micro-batch and recompute"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "The micro-batch is how many sequences one GPU processes at a time; its "
                       "activations fill memory. Recompute (activation checkpointing) drops them "
                       "and computes them again in the backward pass: memory for compute.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "OOM (out of memory)"),
     QT_TRANSLATE_NOOP(
         "costlab::GlossaryDialog",
         "The plan needs more GPU memory than the GPU has; the job fails at start. "
         "Costlab gives a probability, because real peaks vary around the estimate.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "KV cache and GQA"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "During generation each token's attention keys and values are kept: the KV "
                       "cache, which limits how many sequences a GPU serves at once. Grouped-query "
                       "attention (GQA) shares keys and values between heads and shrinks it.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "Rollout"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "In RL post-training, the model generating answers or acting in an "
                       "environment so that the results can be scored and trained on.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "PPO and GRPO"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "RL algorithms for language models. PPO trains a critic model beside the "
                       "policy; GRPO scores each answer against a group of answers to the same "
                       "prompt and needs no critic.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "TIS (importance-sampling correction)"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "Truncated importance sampling reweights tokens generated by a quantized or "
                       "stale sampler so the trainer's gradient stays nearly unbiased.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "MTBF (mean time between failures)"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "Average time between failures of the whole job. It falls as GPUs are "
                       "added: Meta saw 419 interruptions in 54 days on 16,384 GPUs.")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "Checkpoint interval and Young/Daly"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "How often training state is saved. Young (1974) and Daly (2006): the "
                       "interval that wastes least is about √(2 · checkpoint time · MTBF).")},
    {QT_TRANSLATE_NOOP("costlab::GlossaryDialog", "P50 / P90"),
     QT_TRANSLATE_NOOP("costlab::GlossaryDialog",
                       "Percentiles of the Monte Carlo runs: half the simulated runs cost less "
                       "than P50, nine in ten less than P90. A budget for finance usually uses "
                       "P90.")},
};

} // namespace

GlossaryDialog::GlossaryDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Glossary"));
    auto* v = new QVBoxLayout(this);
    auto* filter = new QLineEdit(this);
    filter->setPlaceholderText(tr("Filter terms"));
    filter->setClearButtonEnabled(true);
    v->addWidget(filter);
    auto* h = new QHBoxLayout;
    m_terms = new QListWidget(this);
    for (const Term& t : kTerms)
        m_terms->addItem(tr(t.name));
    h->addWidget(m_terms, 2);
    m_text = plainLabel(new QLabel(this));
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    h->addWidget(m_text, 3);
    v->addLayout(h, 1);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(box);
    connect(m_terms, &QListWidget::currentRowChanged, this, [this](int row) {
        m_text->setText(row >= 0 && row < termCount() ? tr(kTerms[row].text) : QString());
    });
    connect(filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        for (int i = 0; i < m_terms->count(); ++i)
            m_terms->item(i)->setHidden(
                !m_terms->item(i)->text().contains(text, Qt::CaseInsensitive) &&
                !tr(kTerms[i].text).contains(text, Qt::CaseInsensitive));
    });
    m_terms->setCurrentRow(0);
    resize(720, 420);
}

int GlossaryDialog::termCount() const
{
    return int(std::size(kTerms));
}

void GlossaryDialog::showTerm(const QString& term)
{
    for (int i = 0; i < m_terms->count(); ++i)
        if (m_terms->item(i)->text().startsWith(term, Qt::CaseInsensitive)) {
            m_terms->setCurrentRow(i);
            return;
        }
}

} // namespace costlab
