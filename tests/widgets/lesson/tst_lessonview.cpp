// The presenter view (issue 16): the step's controls stay locked until a prediction is
// given, the reveal shows the engine's value, reset restores the step exactly, leaving puts
// the plan back as it was, and the clicker keys drive it — but never while a number field
// is being edited.
#include "document.h"
#include "estimatemodel.h"
#include "estimateview.h"
#include "headlinestrip.h"
#include "languages.h"
#include "lessonjson.h"
#include "lessonsdialog.h"
#include "lessonstepcontroller.h"
#include "lessonstepdialog.h"
#include "lessonview.h"
#include "parameditor.h"
#include "scenario_json.h"
#include "testutil.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

using namespace costlab;

namespace {

ExampleLookup examples()
{
    return [](std::string_view name) -> std::optional<Scenario> {
        return loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + std::string(name) +
                                ".costlab.json")
            .scenario;
    };
}

Lesson shipped(const char* file)
{
    const LessonLoad l = loadLessonFile(std::string(COSTLAB_RESOURCE_DIR "/lessons/") + file +
                                        ".costlab-lesson.json");
    if (!l.lesson)
        qFatal("lesson %s does not load", file);
    return *l.lesson;
}

std::string json(const Scenario& s)
{
    return scenarioToJson(s);
}

} // namespace

class TestLessonView : public QObject {
    Q_OBJECT

    Catalog m_catalog = test::defaultCatalog();

    struct Fixture {
        Document doc;
        std::unique_ptr<LessonView> view;
        std::string before;
    };
    std::unique_ptr<Fixture> make(const char* lesson)
    {
        auto f = std::make_unique<Fixture>();
        f->doc.reset(test::example("grpo-7b-math"));
        f->before = json(f->doc.scenario());
        f->view = std::make_unique<LessonView>(&f->doc, &m_catalog);
        f->view->resize(1280, 680);
        f->view->show();
        QString err;
        if (!f->view->start(shipped(lesson), examples(), &err))
            qFatal("cannot start: %s", qPrintable(err));
        return f;
    }

private slots:
    void init() { setLanguage(QStringLiteral("en")); }

    // Issue 43: the lesson view evaluated the plan again and ran 2,000 Monte Carlo runs on
    // the UI thread on every change. Now one model evaluates once per change for both views,
    // and the range arrives from its worker: right after a change the headline still shows
    // the previous P50 · P90, and the new one once the worker delivers.
    void oneEvaluationAndNoMonteCarloOnTheUiThread()
    {
        Document doc;
        doc.reset(test::example("grpo-7b-math"));
        EstimateModel model(&doc, &m_catalog);
        EstimateView editor(&doc, &m_catalog, nullptr, &model);
        LessonView v(&doc, &m_catalog, nullptr, &model);
        v.resize(1280, 680);
        v.show();
        QString err;
        QVERIFY2(v.start(shipped("02-memory-and-oom"), examples(), &err), qPrintable(err));
        model.waitForAnalyses();
        QCoreApplication::processEvents();
        const QString rangeBefore = v.headline()->rangeText();
        QVERIFY2(!rangeBefore.isEmpty(), "the lesson's headline has its P50 · P90");
        const int evaluations = model.evaluations();
        const QString rate = QStringLiteral("reliability.gpu_failure_rate");
        QVERIFY(doc.setValue(rate, 4 * doc.value(rate)));
        QCOMPARE(model.evaluations(), evaluations + 1); // both views, one evaluation
        QCOMPARE(v.headline()->totalText(), editor.headline()->totalText());
        QCOMPARE(v.headline()->rangeText(), rangeBefore); // nothing sampled on this thread
        QCOMPARE(model.uncertainty().runs, 0);
        model.waitForAnalyses();
        QCoreApplication::processEvents();
        QCOMPARE(model.uncertainty().runs, EstimateModel::kMonteCarloRuns);
        QVERIFY2(v.headline()->rangeText() != rangeBefore, qPrintable(v.headline()->rangeText()));
        QCOMPARE(v.headline()->rangeText(), editor.headline()->rangeText());
    }

    void controlsLockedUntilPrediction()
    {
        auto f = make("02-memory-and-oom");
        LessonView& v = *f->view;
        QCOMPARE(v.stepIndex(), 0);
        // The step's starting plan is in the document.
        std::string err;
        const std::optional<Scenario> start = lessonStepStart(v.lesson(), 0, examples(), &err);
        QVERIFY(start);
        QCOMPARE(json(f->doc.scenario()), json(*start));
        QCOMPARE(v.controls().size(), std::size_t(3));
        QVERIFY(v.controlsLocked());
        for (const auto& c : v.controls())
            QVERIFY(!c->slider() ? !c->comboBox()->isEnabled() : !c->slider()->isEnabled());
        QVERIFY(!v.reveal()); // no prediction yet
        QVERIFY(!v.isRevealed());
        QVERIFY(v.controlsLocked());
        v.choose(2);
        QVERIFY(v.reveal());
        QVERIFY(!v.controlsLocked());
        for (const auto& c : v.controls())
            QVERIFY(!c->slider() ? c->comboBox()->isEnabled() : c->slider()->isEnabled());
    }

    /// The reveal shows the engine's factor beside the prediction, and applies the step's
    /// changes to the plan.
    void revealShowsTheEngineValue()
    {
        auto f = make("01-pretraining-cost");
        LessonView& v = *f->view;
        const Scenario start = f->doc.scenario();
        const QuestionAnswer a = answerQuestion(v.lesson().steps[0].question, start, m_catalog);
        QVERIFY(a.ok);
        v.choose(0); // ×1.5: wrong
        QVERIFY(v.reveal());
        const QString text = v.revealText();
        QVERIFY2(text.contains(QStringLiteral("You said ×1.5")), qPrintable(text));
        // 6·P·T: the engine's factor is 2 (within 1 %), shown to three digits.
        QCOMPARE_REL(a.actual, 2.0, 0.01);
        QVERIFY2(text.contains(QStringLiteral("Actual: ×2")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("Right!")));
        QCOMPARE(f->doc.value(QStringLiteral("pretrain.tokens")), 30e12);
        QCOMPARE(v.ledger().size(), std::size_t(1));
        QVERIFY(!v.ledger()[0].right);
        QCOMPARE(QString::fromStdString(v.ledger()[0].prediction), QStringLiteral("×1.5"));
    }

    /// Issue 43: the step controller drives a lesson with no view at all — the step edits,
    /// the prediction, the reveal (the question's own `then` changes: 6·P·T doubles with the
    /// tokens), the ledger and the undo on leaving are its, not the widgets'.
    void controllerRunsWithoutAView()
    {
        Document doc;
        doc.reset(test::example("grpo-7b-math"));
        const std::string before = json(doc.scenario());
        LessonStepController c(&doc, &m_catalog);
        QSignalSpy shown(&c, &LessonStepController::stepShown);
        QSignalSpy needed(&c, &LessonStepController::needPrediction);
        QSignalSpy finished(&c, &LessonStepController::finished);
        QString err;
        QVERIFY2(c.start(shipped("01-pretraining-cost"), examples(), &err), qPrintable(err));
        QCOMPARE(shown.count(), 1);
        QVERIFY(shown.first().at(1).toBool());
        QVERIFY(!c.reveal()); // no prediction yet
        QCOMPARE(needed.count(), 1);
        const double tokensBefore = doc.value(QStringLiteral("pretrain.tokens"));
        c.choose(1);
        QVERIFY(c.hasPrediction());
        QVERIFY(c.reveal());
        QVERIFY(!c.controlsLocked());
        // The lesson's first step doubles the tokens (its `then`); the file says 15 T → 30 T.
        QCOMPARE(doc.value(QStringLiteral("pretrain.tokens")), 2 * tokensBefore);
        // The reveal is the ledger's row, as values (the texts are a view's).
        QCOMPARE(c.ledger().size(), std::size_t(1));
        QCOMPARE(c.ledger()[0].choice, 1);
        QVERIFY(c.ledger()[0].predicted);
        QCOMPARE(c.ledger()[0].step_number, 1);
        // Issue 49: a reset and a second prediction add a row instead of replacing the first.
        c.resetStep();
        c.choose(0);
        QVERIFY(c.reveal());
        QCOMPARE(c.ledger().size(), std::size_t(2));
        QCOMPARE(c.ledger()[1].choice, 0);
        for (int i = 1; i < c.stepCount(); ++i) {
            c.advance(); // the next step
            QCOMPARE(c.stepIndex(), i);
            c.choose(0);
            c.setNumberPrediction(1);
            c.advance(); // the reveal
        }
        c.advance(); // past the last reveal
        QCOMPARE(finished.count(), 1);
        c.leave();
        QCOMPARE(json(doc.scenario()), before);
        QVERIFY(!c.isRunning());
    }

    void resetRestoresTheStepExactly()
    {
        auto f = make("01-pretraining-cost");
        LessonView& v = *f->view;
        v.goToStep(1);
        const std::string start = json(f->doc.scenario());
        v.choose(1);
        QVERIFY(v.reveal());
        QVERIFY(f->doc.setValue(QStringLiteral("pretrain.gpus"), 512));
        QVERIFY(json(f->doc.scenario()) != start);
        v.resetStep();
        QCOMPARE(json(f->doc.scenario()), start);
        QVERIFY(!v.isRevealed());
        QVERIFY(v.controlsLocked());
        QVERIFY(!v.hasPrediction());
    }

    /// Leaving undoes everything the lesson did: the plan and its clean state are back.
    void leavingPutsThePlanBack()
    {
        auto f = make("03-checkpoints");
        LessonView& v = *f->view;
        QSignalSpy left(&v, &LessonView::left);
        v.setNumberPrediction(0.5);
        QVERIFY(v.reveal());
        v.advance();
        QCOMPARE(v.stepIndex(), 1);
        QVERIFY(f->doc.isModified());
        v.leave();
        QCOMPARE(left.count(), 1);
        QCOMPARE(json(f->doc.scenario()), f->before);
        QVERIFY(!f->doc.isModified());
        QVERIFY(!v.isRunning());
    }

    void failureStateShowsAndResets()
    {
        auto f = make("02-memory-and-oom");
        LessonView& v = *f->view;
        QVERIFY(!v.failureShown());
        v.goToStep(1); // micro-batch 2 without recompute: P(OOM) 66 %
        QVERIFY(v.failureShown());
        v.choose(0);
        QVERIFY(v.reveal()); // full recompute fits
        QVERIFY(!v.failureShown());
        f->doc.undoStack()->undo(); // the failure state is reversible both ways
        QVERIFY(v.failureShown());
    }

    void keysDriveTheLesson()
    {
        auto f = make("04-rl-environments");
        LessonView& v = *f->view;
        QTest::keyClick(&v, Qt::Key_PageDown);
        QVERIFY(!v.isRevealed()); // a Number question: no prediction yet
        v.setNumberPrediction(0.5);
        QTest::keyClick(&v, Qt::Key_PageDown);
        QVERIFY(v.isRevealed());
        QTest::keyClick(&v, Qt::Key_PageDown);
        QCOMPARE(v.stepIndex(), 1);
        // Issue 49: a presenter with only a clicker — the first Page Down asks for a
        // prediction, the second reveals with "no prediction" marked (view and ledger).
        QTest::keyClick(&v, Qt::Key_PageDown);
        QVERIFY(!v.isRevealed());
        QTest::keyClick(&v, Qt::Key_PageDown);
        QVERIFY(v.isRevealed());
        QVERIFY2(v.revealText().contains(QStringLiteral("without a prediction")),
                 qPrintable(v.revealText()));
        QCOMPARE(v.ledger().size(), std::size_t(2));
        QVERIFY(!v.ledger()[1].predicted);
        QVERIFY(!v.ledger()[1].right);
        QTest::keyClick(&v, Qt::Key_R); // the step again, its question open
        QVERIFY(!v.isRevealed());
        QTest::keyClick(&v, Qt::Key_2);
        QVERIFY(v.hasPrediction());
        QTest::keyClick(&v, Qt::Key_R);
        QVERIFY(!v.hasPrediction());
        QTest::keyClick(&v, Qt::Key_PageUp);
        QCOMPARE(v.stepIndex(), 0);
        QTest::keyClick(&v, Qt::Key_B);
        QVERIFY(v.isBlanked());
        QTest::keyClick(&v, Qt::Key_Escape);
        QVERIFY(!v.isBlanked());
        QVERIFY(v.isRunning());
        QTest::keyClick(&v, Qt::Key_Escape);
        QVERIFY(!v.isRunning());
    }

    /// Page Down, R and digits typed into a number field edit the field, not the lesson.
    void keysDoNotFireWhileEditing()
    {
        auto f = make("04-rl-environments");
        LessonView& v = *f->view;
        auto* spin = v.findChild<QAbstractSpinBox*>();
        QVERIFY(spin);
        QVERIFY(LessonView::editingText(spin));
        QApplication::setActiveWindow(&v);
        spin->setFocus();
        if (QApplication::focusWidget() != spin)
            QSKIP("the offscreen platform gave no keyboard focus");
        v.setNumberPrediction(0.5);
        QTest::keyClick(spin, Qt::Key_PageDown);
        QTest::keyClick(spin, Qt::Key_R);
        QVERIFY(!v.isRevealed());
        QVERIFY(v.isRunning());
    }

    void ledgerExports()
    {
        auto f = make("07-route-a-vs-route-b");
        LessonView& v = *f->view;
        v.choose(0);
        QVERIFY(v.reveal());
        // A "which" reveal applies the right option's plan: Route B is the cheaper one.
        QVERIFY(f->doc.scenario().name.find("Route B") != std::string::npos);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.csv"));
        QVERIFY(v.exportLedger(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.startsWith("\xEF\xBB\xBF")); // Excel reads the Chinese as UTF-8
        const QString csv = QString::fromUtf8(bytes.mid(3));
        QVERIFY(
            csv.startsWith(QStringLiteral("lesson,step,title,measure,prediction,actual,right")));
        QVERIFY(csv.contains(QStringLiteral("route-a-vs-route-b,1,")));
        // Issue 49: after a live switch every row reads in the new language, the rows
        // recorded before it too.
        const std::string enTitle = v.ledger()[0].step;
        setLanguage(QStringLiteral("zh_CN"));
        const std::vector<LedgerEntry> zh = v.ledger();
        QCOMPARE(zh.size(), std::size_t(1));
        QCOMPARE(zh[0].step, v.lesson().steps[0].title.in(true));
        QVERIFY(zh[0].step != enTitle);
        setLanguage(QStringLiteral("en"));
        QString err;
        QVERIFY(!v.exportLedger(dir.filePath(QStringLiteral("no/such/dir/x.csv")), &err));
        QVERIFY(!err.isEmpty());
    }

    /// Issue 49: at 200 % type the question column cut its Chinese text at the right edge,
    /// and the headline's figures and badges kept their size while their captions grew.
    void twoHundredPercentWrapsAndScales()
    {
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            setLanguage(lang);
            auto f = make("02-memory-and-oom");
            LessonView& v = *f->view;
            v.goToStep(1);
            v.choose(0);
            v.reveal();
            const qreal figureBefore =
                v.headline()->findChildren<QLabel*>().front()->font().pointSizeF();
            v.setZoom(200);
            QCoreApplication::processEvents();
            auto* scroll = v.findChild<QScrollArea*>();
            QVERIFY(scroll && scroll->widget());
            QString widest;
            int widestWidth = 0;
            for (QWidget* w : scroll->widget()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
                if (w->isVisible() && w->minimumSizeHint().width() > widestWidth) {
                    widestWidth = w->minimumSizeHint().width();
                    widest = QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') +
                             w->objectName();
                }
            QTRY_VERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
                         qPrintable(QStringLiteral("%1: column %2 px in a %3 px viewport; widest "
                                                   "%4 (%5 px); scroll min %6 width %7")
                                        .arg(lang)
                                        .arg(scroll->widget()->width())
                                        .arg(scroll->viewport()->width())
                                        .arg(widest)
                                        .arg(widestWidth)
                                        .arg(scroll->minimumWidth())
                                        .arg(scroll->width())));
            QVERIFY2(v.minimumSizeHint().width() <= 1280,
                     qPrintable(QString::number(v.minimumSizeHint().width())));
            QVERIFY(v.headline()->findChildren<QLabel*>().front()->font().pointSizeF() >
                    figureBefore);
        }
        setLanguage(QStringLiteral("en"));
    }

    void zoomIsBounded()
    {
        auto f = make("01-pretraining-cost");
        LessonView& v = *f->view;
        const qreal base = v.font().pointSizeF();
        v.setZoom(150);
        QCOMPARE_REL(v.font().pointSizeF(), base * 1.5, 0.01);
        v.setZoom(500);
        QCOMPARE(v.zoom(), LessonView::kMaxZoom);
        // At 200 % the view still fits a 1280×720 projector (the presenter's bar keeps its
        // size; the question column wraps).
        QVERIFY2(v.minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(v.minimumSizeHint().width())));
        v.setZoom(10);
        QCOMPARE(v.zoom(), LessonView::kMinZoom);
    }

    /// A teacher writes a step from the open plan without touching JSON: it records the
    /// engine's answer, reads back, agrees with the engine, and a second step is appended.
    void authorAStepFromThePlan()
    {
        Document doc;
        doc.reset(test::example("llama3-8b-pretrain-h100"));
        LessonStepDialog dlg(&doc, &m_catalog, {QStringLiteral("pretrain.tokens")});
        dlg.titleEdit()->setText(QStringLiteral("Twice the tokens"));
        dlg.questionEdit()->setPlainText(QStringLiteral("By what factor do the GPU-hours change?"));
        dlg.revealEdit()->setPlainText(QStringLiteral("6·P·T"));
        dlg.measureCombo()->setCurrentIndex(
            dlg.measureCombo()->findData(QStringLiteral("gpu_hours")));
        dlg.changeParamCombo()->setCurrentIndex(
            dlg.changeParamCombo()->findData(QStringLiteral("pretrain.tokens")));
        dlg.changeValueEdit()->setText(QStringLiteral("30e12"));
        dlg.factorsEdit()->setText(QStringLiteral("1, 2, 4"));
        QString err;
        const std::optional<LessonStep> step = dlg.step(&err);
        QVERIFY2(step, qPrintable(err));
        QCOMPARE(step->question.expect, 1); // ×2: 6·P·T
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.costlab-lesson.json"));
        QVERIFY2(dlg.saveTo(path, &err), qPrintable(err));
        QVERIFY2(dlg.saveTo(path, &err), qPrintable(err));
        const LessonLoad back = loadLessonFile(path.toStdString());
        QVERIFY(back.lesson);
        QCOMPARE(back.lesson->steps.size(), std::size_t(2));
        QVERIFY(back.lesson->steps[0].plan);
        QVERIFY(checkLesson(*back.lesson, examples(), m_catalog).empty());
        // The step starts from the captured plan.
        LessonView view(&doc, &m_catalog);
        doc.setValue(QStringLiteral("pretrain.gpus"), 64);
        QVERIFY(view.start(*back.lesson, examples()));
        QCOMPARE(doc.value(QStringLiteral("pretrain.gpus")), 1024.0);
        QCOMPARE(view.controls().size(), std::size_t(1));
        view.leave();
        QCOMPARE(doc.value(QStringLiteral("pretrain.gpus")), 64.0);

        // A file that is not a lesson is refused and left as it was.
        const QString other = dir.filePath(QStringLiteral("plan.costlab-lesson.json"));
        QFile f(other);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema_version\": 1}");
        f.close();
        QVERIFY(!dlg.saveTo(other, &err));
        QVERIFY(err.contains(QStringLiteral("nothing was added")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{\"schema_version\": 1}"));

        // An unanswerable question is refused with the engine's reason.
        dlg.changeValueEdit()->setText(QStringLiteral("-5"));
        QVERIFY(!dlg.step(&err));
        QVERIFY(!err.isEmpty());
    }

    /// The workshop, glossary and authoring dialogs fit a 1280×720 projector in both
    /// languages; with COSTLAB_LESSON_IMAGE=PREFIX they are also written as PNGs.
    void dialogsFitAProjector()
    {
        const QString prefix = qEnvironmentVariable("COSTLAB_LESSON_IMAGE");
        Document doc;
        doc.reset(test::example("llama3-8b-pretrain-h100"));
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            setLanguage(lang);
            LessonsDialog workshops;
            QCOMPARE(workshops.lessonCount(), 8);
            GlossaryDialog glossary;
            QVERIFY(glossary.termCount() >= 10);
            LessonStepDialog author(&doc, &m_catalog, {QStringLiteral("pretrain.tokens")});
            const QList<std::pair<QDialog*, QString>> dialogs{
                {&workshops, QStringLiteral("workshops")},
                {&glossary, QStringLiteral("glossary")},
                {&author, QStringLiteral("lessonstep")}};
            for (const auto& [dlg, name] : dialogs) {
                dlg->show();
                const QSize hint = dlg->sizeHint().expandedTo(dlg->minimumSizeHint());
                QVERIFY2(hint.width() <= 1280 && hint.height() <= 680,
                         qPrintable(QStringLiteral("%1 %2: %3×%4")
                                        .arg(name, lang)
                                        .arg(hint.width())
                                        .arg(hint.height())));
                if (!prefix.isEmpty())
                    QVERIFY(
                        dlg->grab().save(QStringLiteral("%1-%2-%3.png").arg(prefix, name, lang)));
                dlg->hide();
            }
        }
    }

    /// Lessons kept in the library are listed beside the shipped ones and open from there; a
    /// file that is not a lesson is not added.
    void libraryLessonsAreListed()
    {
        std::map<QString, QString> kept; // id → file text
        LessonShelf shelf;
        shelf.list = [&kept] {
            std::vector<std::pair<QString, QString>> out;
            for (const auto& [id, text] : kept)
                out.emplace_back(id, id);
            return out;
        };
        shelf.read = [&kept](const QString& id, QString*) -> std::optional<QString> {
            return kept.count(id) ? std::optional<QString>(kept[id]) : std::nullopt;
        };
        shelf.save = [&kept](const QString& json, QString* error) {
            const LessonLoad l = lessonFromJson(json.toStdString());
            if (!l.lesson) {
                *error = QStringLiteral("refused");
                return false;
            }
            kept[QString::fromStdString(l.lesson->id)] = json;
            return true;
        };
        shelf.remove = [&kept](const QString& id, QString*) { return kept.erase(id) == 1; };
        LessonsDialog dlg(nullptr, {}, shelf);
        QCOMPARE(dlg.lessonCount(), 8);
        QVERIFY(dlg.addToLibrary(
            QStringLiteral(COSTLAB_RESOURCE_DIR "/lessons/03-checkpoints.costlab-lesson.json")));
        QCOMPARE(dlg.lessonCount(), 9);
        QString err;
        QVERIFY(!dlg.addToLibrary(
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/grpo-7b-math.costlab.json"), &err));
        QVERIFY(!err.isEmpty());
        QCOMPARE(dlg.lessonCount(), 9);
        dlg.openRow(8);
        QVERIFY(dlg.chosen());
        QCOMPARE(QString::fromStdString(dlg.chosen()->id), QStringLiteral("checkpoints"));
    }

    /// Every step of every shipped lesson shows in Chinese without an engine error.
    void everyStepShowsInChinese()
    {
        setLanguage(QStringLiteral("zh_CN"));
        for (const char* name :
             {"01-pretraining-cost", "02-memory-and-oom", "03-checkpoints", "04-rl-environments",
              "05-rollout-quantization", "06-hidden-costs", "07-route-a-vs-route-b"}) {
            auto f = make(name);
            LessonView& v = *f->view;
            for (int i = 0; i < v.stepCount(); ++i) {
                v.goToStep(i);
                QVERIFY2(v.answer().ok, v.answer().error.c_str());
                v.choose(0);
                v.setNumberPrediction(0.5);
                QVERIFY(v.reveal());
                QVERIFY2(v.revealText().contains(QStringLiteral("你的预测")),
                         qPrintable(v.revealText()));
            }
            v.leave();
            QCOMPARE(json(f->doc.scenario()), f->before);
        }
    }
};

QTEST_MAIN(TestLessonView)
#include "tst_lessonview.moc"
