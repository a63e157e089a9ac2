// The plan editor as a planner drives it (issue 13, "a plan can be built and named in the
// window"): name, project, description, catalog and phases change through Document::editPlan,
// each change is one undo step that restores the plan exactly, and a refused change (17
// phases, removing the last one) leaves the plan untouched.
#include "collapsiblesection.h"
#include "document.h"
#include "estimateview.h"
#include "headlinestrip.h"
#include "parameterpanel.h"
#include "planeditor.h"
#include "scenario_json.h"
#include "widgettestutil.h"

#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QFocusEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

using namespace costlab;

namespace {

std::string json(const Document& d)
{
    return scenarioToJson(d.scenario());
}

/// Type `text` into `edit` and finish editing as Return does.
void typeAndFinish(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

} // namespace

class TstPlanEditor : public QObject {
    Q_OBJECT

private slots:
    void namesAreUndoableSteps();
    void addEveryKindOfPhase();
    void duplicateRemoveReorder();
    void limitsAreRefusedAndChangeNothing();
    void catalogChoiceSetsCurrency();
    void hostileNamesStayText();
    void missingCatalogIsNamedInTheHeadline();
    void fitsANarrowPanel_data();
    void fitsANarrowPanel();
};

void TstPlanEditor::namesAreUndoableSteps()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    PlanEditor ed(&doc);
    ed.show();
    const std::string before = json(doc);
    QSignalSpy planChanged(&doc, &Document::planChanged);

    typeAndFinish(ed.nameEdit(), QStringLiteral("Route A, 70B"));
    QCOMPARE(doc.scenario().name, std::string("Route A, 70B"));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(planChanged.count(), 1);
    typeAndFinish(ed.projectEdit(), QStringLiteral("atlas"));
    QCOMPARE(doc.scenario().project, std::string("atlas"));
    typeAndFinish(ed.phaseNameEdit(), QStringLiteral("Main run"));
    typeAndFinish(ed.batchEdit(), QStringLiteral("exp-7"));
    QCOMPARE(doc.scenario().phases.front().name, std::string("Main run"));
    QCOMPARE(doc.scenario().phases.front().experiment_batch, std::string("exp-7"));
    QCOMPARE(doc.undoStack()->count(), 4); // one step per finished field, not per keystroke
    QVERIFY(ed.phaseList()->item(0)->text().contains(QStringLiteral("Main run")));

    // The description commits when focus leaves it.
    ed.descriptionEdit()->setPlainText(QStringLiteral("Source: Llama 3 paper, Table 1"));
    QCOMPARE(doc.undoStack()->count(), 4); // not while typing
    QFocusEvent focusOut(QEvent::FocusOut, Qt::TabFocusReason);
    QApplication::sendEvent(ed.descriptionEdit(), &focusOut);
    QCOMPARE(doc.scenario().description, std::string("Source: Llama 3 paper, Table 1"));
    QCOMPARE(doc.undoStack()->count(), 5);

    // Finishing a field without a change pushes nothing.
    typeAndFinish(ed.nameEdit(), QStringLiteral("Route A, 70B"));
    QCOMPARE(doc.undoStack()->count(), 5);

    while (doc.undoStack()->canUndo())
        doc.undoStack()->undo();
    QCOMPARE(json(doc), before); // bit-identical plan after undoing everything
    QCOMPARE(ed.nameEdit()->text(), QString::fromStdString(doc.scenario().name));
}

void TstPlanEditor::addEveryKindOfPhase()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    PlanEditor ed(&doc);
    QCOMPARE(doc.scenario().phases.size(), std::size_t(1));
    const ModelArch shape = doc.scenario().phases.front().model;
    QSignalSpy replaced(&doc, &Document::scenarioReplaced);

    QVERIFY(ed.addPhase(PhaseKind::RlPosttrain));
    QVERIFY(ed.addPhase(PhaseKind::Evaluation));
    QVERIFY(ed.addPhase(PhaseKind::Pretrain));
    const Scenario& s = doc.scenario();
    QCOMPARE(s.phases.size(), std::size_t(4));
    QVERIFY(s.phases[1].kind == PhaseKind::RlPosttrain);
    QVERIFY(s.phases[2].kind == PhaseKind::Evaluation);
    QVERIFY(s.phases[3].kind == PhaseKind::Pretrain);
    // Added after the current phase, which becomes the new one, with the model it post-trains.
    QCOMPARE(ed.currentPhase(), 3);
    QCOMPARE(s.phases[1].model.layers, shape.layers);
    QCOMPARE(s.phases[1].model.hidden, shape.hidden);
    QCOMPARE(replaced.count(), 3); // the panel rebuilds its per-phase sections
    QCOMPARE(ed.phaseList()->count(), 4);
    // The plan the editor built is one the file loader accepts.
    const LoadResult back = scenarioFromJson(json(doc));
    QVERIFY(back.scenario && back.errors.empty());
    QCOMPARE(back.scenario->phases.size(), std::size_t(4));
}

void TstPlanEditor::duplicateRemoveReorder()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    PlanEditor ed(&doc);
    const Scenario orig = doc.scenario();
    QVERIFY(orig.phases.size() >= 2);
    const std::string before = json(doc);

    ed.setCurrentPhase(0);
    QVERIFY(ed.duplicatePhase());
    QCOMPARE(doc.scenario().phases.size(), orig.phases.size() + 1);
    QVERIFY(doc.scenario().phases[1].kind == orig.phases[0].kind);
    QVERIFY(
        QString::fromStdString(doc.scenario().phases[1].name).endsWith(QStringLiteral("(copy)")));
    QCOMPARE(ed.currentPhase(), 1);

    QVERIFY(ed.movePhase(-1)); // the copy first
    QCOMPARE(ed.currentPhase(), 0);
    QVERIFY(
        QString::fromStdString(doc.scenario().phases[0].name).endsWith(QStringLiteral("(copy)")));
    QVERIFY(!ed.movePhase(-1)); // nothing above the first
    QVERIFY(!ed.moveUpAction()->isEnabled());

    QVERIFY(ed.removePhase());
    QCOMPARE(json(doc), before); // removing the moved copy gives the plan back
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(json(doc), before);
}

void TstPlanEditor::limitsAreRefusedAndChangeNothing()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    PlanEditor ed(&doc);
    QString error;
    QVERIFY(!ed.removePhase(&error)); // a plan needs one phase
    QVERIFY(!error.isEmpty());
    QVERIFY(!ed.removeAction()->isEnabled());
    QCOMPARE(doc.undoStack()->count(), 0);

    while (doc.scenario().phases.size() < kMaxScenarioPhases)
        QVERIFY(ed.duplicatePhase());
    QVERIFY(!ed.duplicateAction()->isEnabled());
    const std::string full = json(doc);
    const int steps = doc.undoStack()->count();
    // Past the loader's limit the document refuses with the loader's message.
    Scenario tooMany = doc.scenario();
    tooMany.phases.push_back(tooMany.phases.front());
    error.clear();
    QVERIFY(!doc.editPlan(tooMany, QStringLiteral("too many"), true, &error));
    QVERIFY2(error.startsWith(QStringLiteral("/phases")), qPrintable(error));
    QCOMPARE(json(doc), full);
    QCOMPARE(doc.undoStack()->count(), steps);
}

void TstPlanEditor::catalogChoiceSetsCurrency()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    PlanEditor ed(&doc);
    ed.setCatalogs(
        {{QStringLiteral("default"), QStringLiteral("Default catalog"), QStringLiteral("USD")},
         {QStringLiteral("cn-prices"), QStringLiteral("China prices"), QStringLiteral("CNY")}});
    QComboBox* combo = ed.catalogCombo();
    QCOMPARE(combo->count(), 2);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("default"));
    QVERIFY(combo->itemText(1).contains(QStringLiteral("CNY")));

    // The plan's money converts with the currency, at its exchange rate (7.2 CNY/USD).
    Scenario budgeted = doc.scenario();
    budgeted.budget.total = 2.5e6;
    budgeted.cny_per_usd = 7.2;
    QVERIFY(doc.editPlan(budgeted, QStringLiteral("budget"), false));
    const int steps = doc.undoStack()->count();

    combo->setCurrentIndex(1);
    emit combo->activated(1);
    QCOMPARE(doc.scenario().catalog_id, std::string("cn-prices"));
    QVERIFY(doc.scenario().currency == Currency::CNY);
    QCOMPARE(doc.scenario().budget.total, 1.8e7);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario().catalog_id, std::string("default"));
    QVERIFY(doc.scenario().currency == Currency::USD);
    QCOMPARE(doc.scenario().budget.total, 2.5e6);

    // A plan naming a catalog nobody has shows it as not available instead of another one.
    Scenario other = doc.scenario();
    other.catalog_id = "gone";
    QVERIFY(doc.editPlan(other, QStringLiteral("catalog"), false));
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("gone"));
    QVERIFY(combo->currentText().contains(QStringLiteral("gone")));
}

void TstPlanEditor::hostileNamesStayText()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    PlanEditor ed(&doc);
    const QString evil = QStringLiteral("<img src=\"/etc/x.png\" width=1400><b>x</b>");
    Scenario s = doc.scenario();
    s.name = evil.toStdString();
    s.phases.front().name = evil.toStdString();
    QVERIFY(doc.editPlan(s, QStringLiteral("evil"), true));
    QCOMPARE(ed.nameEdit()->text(), evil);
    QVERIFY(ed.phaseList()->item(0)->text().contains(evil)); // list items are plain text
}

void TstPlanEditor::missingCatalogIsNamedInTheHeadline()
{
    // The editor refuses a plan whose catalog is missing the way the CLI and the report do:
    // nothing priced, and the catalog named.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    Scenario s = doc.scenario();
    s.catalog_id = "my-prices";
    QVERIFY(doc.editPlan(s, QStringLiteral("catalog"), false));
    const Catalog missing = pickCatalog(s.catalog_id, CatalogSources{});
    EstimateView view(&doc, &missing);
    QVERIFY(!view.estimate().ok);
    QCOMPARE(view.estimate().total, 0.0);
    const QString problem = view.headline()->problemText();
    QVERIFY2(problem.contains(QStringLiteral("Price catalog 'my-prices'")), qPrintable(problem));
}

void TstPlanEditor::fitsANarrowPanel_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& f : test::exampleScenarios())
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TstPlanEditor::fitsANarrowPanel()
{
    // On a 1280x720 projector the panel is about 400 px wide: every plan field and button, and
    // every section of the parameters (long phase names in their headers), must lie inside the
    // panel's viewport, not under its scroll bar or past its edge.
    QFETCH(QString, file);
    Document doc;
    QVERIFY(doc.load(file));
    const Catalog cat = test::loadTestCatalog();
    ParameterPanel panel(&doc, &cat);
    panel.planEditor()->setCatalogs(
        {{QStringLiteral("default"),
          QStringLiteral("Default catalog (USD, US regions, compiled from reference-data.md)"),
          QStringLiteral("USD")}});
    panel.resize(400, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCoreApplication::processEvents();
    const QWidget* viewport = panel.findChild<QScrollArea*>()->viewport();
    QList<QWidget*> fields =
        panel.planEditor()->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly);
    for (CollapsibleSection* sec :
         panel.findChild<QScrollArea*>()->widget()->findChildren<CollapsibleSection*>())
        fields << sec;
    QVERIFY(!fields.isEmpty());
    for (const QWidget* w : fields) {
        if (!w->isVisible())
            continue;
        const QPoint right = w->mapTo(viewport, QPoint(w->width() - 1, 0));
        QVERIFY2(right.x() < viewport->width(),
                 qPrintable(QStringLiteral("%1 ends at x=%2, viewport %3 wide")
                                .arg(QString::fromLatin1(w->metaObject()->className()))
                                .arg(right.x())
                                .arg(viewport->width())));
    }
}

QTEST_MAIN(TstPlanEditor)
#include "tst_planeditor.moc"
