#include "lessonstepdialog.h"

#include "categories.h"
#include "document.h"
#include "files.h"
#include "labels.h"
#include "languages.h"
#include "lessonjson.h"
#include "paramtext.h"
#include "plaintext.h"
#include "registry.h"
#include "risks.h"
#include "scenario_json.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

namespace costlab {

namespace {

QPlainTextEdit* textBox(QWidget* parent, int lines)
{
    auto* e = new QPlainTextEdit(parent);
    e->setTabChangesFocus(true);
    e->setFixedHeight(e->fontMetrics().lineSpacing() * lines + 12);
    return e;
}

/// Text typed in the UI language: English is required in a lesson, so Chinese text fills
/// both (the teacher can translate the English later in the file).
LessonText typed(const QString& text, bool chinese)
{
    LessonText t;
    t.en = text.trimmed().toStdString();
    if (chinese)
        t.zh = t.en;
    return t;
}

/// Factors typed as "1.5, 2, 3": 2–4 positive numbers, or empty on a mistake.
std::vector<double> factorsFrom(const QString& text)
{
    std::vector<double> out;
    for (const QString& part :
         text.split(QRegularExpression(QStringLiteral("[,;\\s×x]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double f = QLocale().toDouble(part, &ok);
        const double g = ok ? f : part.toDouble(&ok);
        if (!ok || !(g > 0) || !std::isfinite(g))
            return {};
        out.push_back(g);
    }
    return out.size() >= 2 && out.size() <= kMaxLessonOptions ? out : std::vector<double>{};
}

} // namespace

bool LessonStepDialog::chinese() const
{
    return currentLanguage().startsWith(QLatin1String("zh"));
}

LessonStepDialog::LessonStepDialog(const Document* doc, const Catalog* catalog,
                                   QStringList controls, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_catalog(catalog),
      m_controls(controls.mid(0, int(kMaxLessonControls)))
{
    setWindowTitle(tr("New lesson step from the current plan"));
    auto* v = new QVBoxLayout(this);
    auto* intro = plainLabel(new QLabel(
        tr("The step starts from the plan as it is now and shows the %n parameter(s) the "
           "parameter filter shows. Write the question the room answers before the reveal.",
           nullptr, int(m_controls.size())),
        this));
    intro->setWordWrap(true);
    v->addWidget(intro);
    auto* form = new QFormLayout;
    auto* fileRow = new QHBoxLayout;
    m_file = new QLineEdit(this);
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    connect(browseButton, &QPushButton::clicked, this, &LessonStepDialog::browse);
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browseButton);
    form->addRow(tr("Lesson file:"), fileRow);
    m_lessonTitle = new QLineEdit(this);
    m_lessonTitle->setPlaceholderText(tr("Used when the file is new"));
    form->addRow(tr("Lesson title:"), m_lessonTitle);
    m_title = new QLineEdit(this);
    form->addRow(tr("Step title:"), m_title);
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("By what factor does it change?"), int(QuestionKind::Ratio));
    m_kind->addItem(tr("What is the value?"), int(QuestionKind::Number));
    form->addRow(tr("Question kind:"), m_kind);
    m_measure = new QComboBox(this);
    QStringList ids;
    for (const PlanFigure& f : planFigures())
        ids << QString::fromUtf8(f.id.data(), qsizetype(f.id.size()));
    for (const CategoryInfo& c : categoryTable())
        ids << QStringLiteral("category.") + QString::fromUtf8(c.id.data(), qsizetype(c.id.size()));
    for (const RiskInfo& r : riskTable())
        ids << QStringLiteral("risk.") + QString::fromUtf8(r.id.data(), qsizetype(r.id.size()));
    for (const QString& id : ids)
        m_measure->addItem(measureDisplayName(id.toStdString()), id);
    form->addRow(tr("Measured:"), m_measure);
    m_question = textBox(this, 3);
    form->addRow(tr("Question:"), m_question);

    m_kindPages = new QStackedWidget(this);
    auto* ratioPage = new QWidget(m_kindPages);
    auto* rf = new QFormLayout(ratioPage);
    rf->setContentsMargins(0, 0, 0, 0);
    m_changeParam = new QComboBox(ratioPage);
    for (const ParamRef& ref : boundParameters(doc->scenario())) {
        if (ref.def->type == ParamType::AcceleratorRef || ref.def->type == ParamType::InstanceRef)
            continue;
        const QString id = QString::fromStdString(fullId(doc->scenario(), ref));
        m_changeParam->addItem(QStringLiteral("%1 (%2)").arg(paramLabel(*ref.def), id), id);
    }
    m_changeValue = new QLineEdit(ratioPage);
    // The step's first control is what a ratio question usually changes; the field shows
    // its value now, in the unit the file takes.
    if (!m_controls.isEmpty())
        m_changeParam->setCurrentIndex(std::max(0, m_changeParam->findData(m_controls.first())));
    const auto showCurrent = [this] {
        const QString now = m_doc->string(m_changeParam->currentData().toString());
        m_changeValue->setPlaceholderText(
            tr("New value, in the parameter's unit (now %1)").arg(now));
    };
    showCurrent();
    connect(m_changeParam, &QComboBox::currentIndexChanged, this, showCurrent);
    m_factors = new QLineEdit(QStringLiteral("0.5, 1, 2, 4"), ratioPage);
    rf->addRow(tr("At the reveal, set:"), m_changeParam);
    rf->addRow(tr("to:"), m_changeValue);
    rf->addRow(tr("Answer factors:"), m_factors);
    auto* numberPage = new QWidget(m_kindPages);
    auto* nf = new QFormLayout(numberPage);
    nf->setContentsMargins(0, 0, 0, 0);
    m_min = new QDoubleSpinBox(numberPage);
    m_max = new QDoubleSpinBox(numberPage);
    for (QDoubleSpinBox* s : {m_min, m_max}) {
        s->setRange(0, 1e15);
        s->setDecimals(3);
    }
    m_max->setValue(100);
    nf->addRow(tr("Smallest prediction:"), m_min);
    nf->addRow(tr("Largest prediction:"), m_max);
    m_kindPages->addWidget(ratioPage);
    m_kindPages->addWidget(numberPage);
    form->addRow(m_kindPages);
    m_reveal = textBox(this, 3);
    form->addRow(tr("Said at the reveal:"), m_reveal);
    m_formula = textBox(this, 2);
    m_formula->setPlaceholderText(
        tr("Optional; {gpu_hours}, {total_cost}, {param:ID} show live numbers"));
    form->addRow(tr("Formula:"), m_formula);
    m_chart = new QComboBox(this);
    m_chart->addItem(tr("Cost breakdown"), QStringLiteral("breakdown"));
    m_chart->addItem(tr("Memory per GPU"), QStringLiteral("memory"));
    m_chart->addItem(tr("RL utilisation"), QStringLiteral("rl"));
    m_chart->addItem(tr("Cumulative spend"), QStringLiteral("spend"));
    m_chart->addItem(tr("Cost distribution"), QStringLiteral("uncertainty"));
    m_chart->addItem(tr("Target: loss law or RL curve"), QStringLiteral("target"));
    form->addRow(tr("Chart:"), m_chart);
    v->addLayout(form);
    m_answer = plainLabel(new QLabel(this));
    m_answer->setWordWrap(true);
    v->addWidget(m_answer);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &LessonStepDialog::save);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(box);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_kindPages->setCurrentIndex(i);
        updateAnswer();
    });
    for (QComboBox* c : {m_measure, m_changeParam})
        connect(c, &QComboBox::currentIndexChanged, this, &LessonStepDialog::updateAnswer);
    for (QLineEdit* e : {m_changeValue, m_factors})
        connect(e, &QLineEdit::textChanged, this, &LessonStepDialog::updateAnswer);
    updateAnswer();
}

std::optional<LessonQuestion> LessonStepDialog::question(QString* error,
                                                         QuestionAnswer* answer) const
{
    LessonQuestion q;
    q.kind = QuestionKind(m_kind->currentData().toInt());
    q.text = typed(m_question->toPlainText(), chinese());
    q.measure = m_measure->currentData().toString().toStdString();
    const bool share = measureUnit(q.measure) == FigureUnit::Share;
    if (q.kind == QuestionKind::Ratio) {
        q.then = {{m_changeParam->currentData().toString().toStdString(),
                   m_changeValue->text().trimmed().toStdString()}};
        for (double f : factorsFrom(m_factors->text())) {
            LessonOption o;
            o.factor = f;
            q.options.push_back(o);
        }
        if (q.options.empty()) {
            if (error)
                *error = tr("Give 2 to 4 positive answer factors, e.g. 0.5, 1, 2, 4.");
            return std::nullopt;
        }
    } else {
        q.min = m_min->value() / (share ? 100.0 : 1.0);
        q.max = m_max->value() / (share ? 100.0 : 1.0);
    }
    const QuestionAnswer a = answerQuestion(q, m_doc->scenario(), *m_catalog);
    if (!a.ok) {
        if (error)
            *error = QString::fromStdString(a.error);
        return std::nullopt;
    }
    // The wording is written for the engine's answer of today; checkLesson() says when a
    // later engine disagrees.
    if (q.kind == QuestionKind::Ratio) {
        q.expect = a.correct;
    } else {
        q.expect_min = a.actual * 0.8;
        q.expect_max = a.actual * 1.25;
        if (a.actual < q.min || a.actual > q.max) {
            if (error)
                *error = tr("The engine's value %1 lies outside the prediction bounds.")
                             .arg(formatNumber(share ? a.actual * 100 : a.actual, 4));
            return std::nullopt;
        }
    }
    if (answer)
        *answer = a;
    return q;
}

std::optional<LessonStep> LessonStepDialog::step(QString* error) const
{
    std::optional<LessonQuestion> q = question(error);
    if (!q)
        return std::nullopt;
    const bool zh = chinese();
    LessonStep s;
    s.title = typed(m_title->text(), zh);
    s.plan = m_doc->scenario();
    for (const QString& id : m_controls)
        s.controls.push_back(id.toStdString());
    s.chart = lessonChartFromId(m_chart->currentData().toString().toStdString())
                  .value_or(LessonChart::Breakdown);
    s.reveal = typed(m_reveal->toPlainText(), zh);
    s.formula = typed(m_formula->toPlainText(), zh);
    s.question = std::move(*q);
    if (s.title.empty() || s.question.text.empty() || s.reveal.empty()) {
        if (error)
            *error = tr("The step needs a title, a question and what is said at the reveal.");
        return std::nullopt;
    }
    return s;
}

void LessonStepDialog::updateAnswer()
{
    QString error;
    QuestionAnswer a;
    const std::optional<LessonQuestion> q = question(&error, &a);
    if (!q) {
        m_answer->setText(tr("The engine cannot answer this yet: %1").arg(error));
        return;
    }
    m_answer->setText(q->kind == QuestionKind::Ratio
                          ? tr("The engine's answer now: ×%1, nearest option ×%2.")
                                .arg(formatNumber(a.actual, 3),
                                     formatNumber(q->options[std::size_t(a.correct)].factor, 3))
                          : tr("The engine's value now: %1.").arg(formatNumber(a.actual, 4)));
}

void LessonStepDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Lesson file"), m_file->text(),
                                                      tr("Costlab lessons (*.costlab-lesson.json)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_file->setText(path.endsWith(QLatin1String(".costlab-lesson.json"))
                            ? path
                            : path + QStringLiteral(".costlab-lesson.json"));
}

bool LessonStepDialog::saveTo(const QString& path, QString* error) const
{
    const std::optional<LessonStep> s = step(error);
    if (!s)
        return false;
    Lesson lesson;
    if (QFileInfo::exists(path)) {
        const LessonLoad old = loadLessonFile(path.toStdString());
        if (!old.lesson) {
            if (error)
                *error = tr("%1 is not a lesson Costlab can read, so nothing was added: %2")
                             .arg(path, old.problems.empty()
                                            ? QString()
                                            : QString::fromStdString(old.problems.front().message));
            return false;
        }
        lesson = *old.lesson;
    } else {
        lesson.id = QFileInfo(path).fileName().section(QLatin1Char('.'), 0, 0).toStdString();
        lesson.title = typed(
            m_lessonTitle->text().isEmpty() ? m_title->text() : m_lessonTitle->text(), chinese());
        lesson.minutes = 0;
    }
    if (lesson.steps.size() >= kMaxLessonSteps) {
        if (error)
            *error = tr("The lesson already has the most steps a lesson may have.");
        return false;
    }
    lesson.steps.push_back(*s);
    lesson.minutes = std::max(1.0, lesson.minutes + s->minutes);
    // Written only if it reads back: a step the reader would refuse never reaches the file.
    const std::string text = lessonToJson(lesson);
    if (const LessonLoad back = lessonFromJson(text); !back.lesson) {
        if (error)
            *error = QString::fromStdString(back.problems.front().pointer + ": " +
                                            back.problems.front().message);
        return false;
    }
    if (const std::string err = writeFileAtomic(path.toStdString(), text); !err.empty()) {
        if (error)
            *error = QString::fromStdString(err);
        return false;
    }
    return true;
}

void LessonStepDialog::save()
{
    if (m_file->text().trimmed().isEmpty())
        browse();
    if (m_file->text().trimmed().isEmpty())
        return;
    QString error;
    if (!saveTo(m_file->text().trimmed(), &error)) {
        warnPlain(this, windowTitle(), error);
        return;
    }
    accept();
}

} // namespace costlab
